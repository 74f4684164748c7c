import type { ReportCheck } from '@/lib/api';
import { checkDetails, type FindingSpec, type Noun, type Range, type Unit } from '@/lib/report/check-guide';
import { safeHref } from '@/lib/report/service-text';
import { compactValue, errorEntries, isPlainObject, limitIn } from '@/lib/report/check-value-readers';
import { readCounts, readGroups, readHeadings, readList, readStructured } from '@/lib/report/finding-lists';

/**
 * A check's finding, read from its `value` and `errors` into what the report
 * view draws: data only, so the readers can be tested on every shape the
 * service (or a hostile one) may send, and the components only lay it out.
 */

export interface Item {
  text: string;
  /** The link text or alt text that came with an address. */
  note: string | null;
  href: string | null;
}

export interface ItemGroup {
  name: string;
  items: Item[];
  total: number;
}

export type Finding =
  | { kind: 'none' }
  | { kind: 'text'; text: string; length: number; limit: Range | null; fromReport: boolean }
  | { kind: 'value'; text: string; href: string | null }
  | { kind: 'number'; value: number; unit: Unit; limit: Range | null; fromReport: boolean }
  | { kind: 'list'; noun: Noun; items: Item[]; total: number }
  | { kind: 'groups'; noun: Noun; groups: ItemGroup[]; total: number; limit: Range | null; fromReport: boolean }
  | { kind: 'headings'; levels: { level: number; texts: string[]; total: number }[]; problems: string[] }
  | { kind: 'structured'; groups: { name: string; types: string[]; fields: string[] }[] }
  | { kind: 'counts'; noun: Noun; entries: { name: string; count: number | null }[] }
  | { kind: 'compact'; value: string | null; errors: string | null };

export type CheckData = Pick<ReportCheck, 'passed' | 'value'> & { errors?: unknown };

/** The limit the report names in its errors, else the check guide's default. */
export function limitOf(check: CheckData, fallback: Range | undefined): { limit: Range | null; fromReport: boolean } {
  const reported = limitIn(check.errors);
  if (reported) return { limit: reported, fromReport: true };
  return { limit: fallback ?? null, fromReport: false };
}

/** Where list-like findings are looked for: the errors' payloads, and the value (errors' only when failed: a passed check's value may be the accepted list). */
export function sourcesOf(check: CheckData, from: 'errors' | 'value'): unknown[] {
  const payloads = errorEntries(check.errors).map(([, payload]) => payload);
  if (from === 'value') return [check.value, ...payloads];
  return check.passed ? payloads : [...payloads, check.value];
}

function readKnown(spec: FindingSpec, check: CheckData): Finding | null {
  switch (spec.kind) {
    case 'text': {
      if (typeof check.value !== 'string' || check.value.trim() === '') return null;
      const text = check.value.trim();
      return { kind: 'text', text, length: [...text].length, ...limitOf(check, spec.limit) };
    }
    case 'value':
      return textValue(check.value, spec.prefix);
    case 'number': {
      const value = typeof check.value === 'number' && Number.isFinite(check.value) ? check.value : null;
      return value === null ? null : { kind: 'number', value, unit: spec.unit, ...limitOf(check, spec.limit) };
    }
    case 'list':
      return readList(spec.noun, sourcesOf(check, spec.from));
    case 'groups': {
      const groups = readGroups(sourcesOf(check, spec.from));
      return groups && { kind: 'groups', noun: spec.noun, ...groups, ...limitOf(check, spec.limit) };
    }
    case 'headings':
      return readHeadings(check);
    case 'structured':
      return readStructured(check.value);
    case 'counts': {
      const entries = readCounts(sourcesOf(check, 'errors'));
      return entries && { kind: 'counts', noun: spec.noun, entries };
    }
  }
}

function textValue(value: unknown, prefix = ''): Finding | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  return { kind: 'value', text: `${prefix}${text}`, href: safeHref(text) };
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

/** A check this extension does not know: its value and the names of its errors, in short. */
function unknownFinding(check: CheckData): Finding {
  const errors = errorEntries(check.errors).map(([key, payload]) => (payload === null ? key : `${key}: ${compactValue(payload)}`));
  const value = isEmpty(check.value) ? null : compactValue(check.value);
  if (value === null && errors.length === 0) return { kind: 'none' };
  return { kind: 'compact', value, errors: errors.length > 0 ? errors.join('; ').slice(0, 600) : null };
}

/** The finding of a check, by its kind; never throws, whatever `value` and `errors` hold. */
export function readFinding(key: string, check: CheckData): Finding {
  const details = checkDetails(key);
  if (!details) return unknownFinding(check);
  try {
    // A known check in an unexpected shape still shows its value when that is plain text.
    return readKnown(details.finding, check) ?? textValue(check.value) ?? { kind: 'none' };
  } catch {
    return unknownFinding(check);
  }
}
