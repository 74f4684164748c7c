import type { ReportCheck } from '@/lib/api';
import { checkDetails } from '@/lib/report/check-guide';
import { readFinding, type Finding } from '@/lib/report/findings';
import { formatMeasure } from '@/lib/report/number-words';
import { checkName } from '@/lib/shared/check-names';
import { storedHostAndPath } from '@/lib/shared/page-address';

/**
 * The findings of two reports set side by side, check by check: each finding is read by the
 * report view's own readers (`readFinding`), turned into entries (items, or one value), and the
 * entries of one report missing from the other are what differs.
 */

/** A check both reports ran whose finding differs. */
export interface FindingChange {
  key: string;
  name: string;
  /** `items`: a list compared item by item; `value`: one value each, shown side by side. */
  kind: 'items' | 'value';
  /** The first entries found only in the report shown (for `value`, its value, if any), and how many more. */
  here: string[];
  moreHere: number;
  /** The same for the other report. */
  there: string[];
  moreThere: number;
}

/** Entries listed per side; the rest is counted. */
export const SHOWN_ENTRIES = 10;

const LIST_KINDS: ReadonlySet<string> = new Set(['list', 'groups', 'headings', 'structured', 'counts']);

/** An address on the report's own host, as its path alone: staging and production then name one image alike. */
function onHost(text: string, host: string): string {
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    return url.host.replace(/^www\./i, '').toLowerCase() === host ? `${url.pathname}${url.search}${url.hash}` : text;
  } catch {
    return text;
  }
}

/** What a finding holds, one entry a line, as the two reports are compared. */
function entriesOf(finding: Finding, host: string): string[] {
  switch (finding.kind) {
    case 'none':
      return [];
    case 'text':
      return [finding.text];
    case 'value':
      return [onHost(finding.text, host)];
    case 'number':
      return [formatMeasure(finding.value, finding.unit)];
    case 'list':
      return finding.items.map((item) => onHost(item.text, host));
    case 'groups':
      return finding.groups.flatMap((g) => g.items.map((item) => `${g.name ? `${g.name}: ` : ''}${onHost(item.text, host)}`));
    case 'headings':
      return finding.levels.flatMap((l) => l.texts.map((text) => `H${l.level}: ${text}`));
    case 'structured':
      return finding.groups.flatMap((g) => [...g.types, ...g.fields].map((entry) => `${g.name}: ${entry}`));
    case 'counts':
      return finding.entries.map((e) => (e.count === null ? e.name : `${e.name} × ${e.count}`));
    case 'compact':
      return [finding.value, finding.errors].filter((entry): entry is string => entry !== null);
  }
}

const shown = (entries: string[]) => ({ entries: entries.slice(0, SHOWN_ENTRIES), more: Math.max(0, entries.length - SHOWN_ENTRIES) });

function changeOf(key: string, here: string[], there: string[]): FindingChange | null {
  const name = checkName(key);
  if (!LIST_KINDS.has(checkDetails(key)?.finding.kind ?? '')) {
    const a = here.join('; ');
    const b = there.join('; ');
    return a === b ? null : { key, name, kind: 'value', here: a ? [a] : [], moreHere: 0, there: b ? [b] : [], moreThere: 0 };
  }
  const inHere = new Set(here);
  const inThere = new Set(there);
  const onlyHere = shown([...inHere].filter((entry) => !inThere.has(entry)));
  const onlyThere = shown([...inThere].filter((entry) => !inHere.has(entry)));
  if (onlyHere.entries.length + onlyThere.entries.length === 0) return null;
  return { key, name, kind: 'items', here: onlyHere.entries, moreHere: onlyHere.more, there: onlyThere.entries, moreThere: onlyThere.more };
}

interface Side {
  /** The report's stored address: its host tells which addresses in a finding are its own. */
  url: string;
  checks: Readonly<Record<string, ReportCheck>>;
}

/** The checks both reports ran whose findings differ, in the order of `here`'s checks. */
export function findingChanges(here: Side, there: Side): FindingChange[] {
  const hostHere = storedHostAndPath(here.url).host;
  const hostThere = storedHostAndPath(there.url).host;
  return Object.entries(here.checks).flatMap(([key, check]) => {
    const other = Object.hasOwn(there.checks, key) ? there.checks[key] : undefined;
    if (!other) return [];
    const change = changeOf(key, entriesOf(readFinding(key, check), hostHere), entriesOf(readFinding(key, other), hostThere));
    return change ? [change] : [];
  });
}
