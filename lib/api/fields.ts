import { lazy, z } from '@/lib/zod';
import { isResultLabel, scoreLabel, type ResultLabel } from '@/lib/shared/score';
import { PRIVACY_VALUES } from '@/lib/shared/privacy';
import { IMPORTANCES } from '@/lib/shared/check-summary';

/*
 * Tolerant readers for single fields of the service's answers. Several
 * versions of the service are deployed; these accept every variant known to
 * be sent and turn each into one shape.
 */

/** JSON can send -0 but not give it back: a stored or sent copy would read 0, so it is read as 0 from the start. */
const withoutNegativeZero = (n: number) => (Object.is(n, -0) ? 0 : n);

/** Whole numbers; older PHP database drivers send them as strings ("12"). */
export const wholeNumberField = lazy(() =>
  z.pipe(
    z.union([z.int(), z.pipe(z.string().check(z.regex(/^\s*-?\d+\s*$/, 'Invalid input: expected a whole number')), z.transform(Number))]),
    z.transform(withoutNegativeZero),
  ),
);

/** An id: a positive whole number JavaScript can hold exactly. */
export const idField = lazy(() => z.pipe(wholeNumberField, z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))));

/** A count from a list's paging: never negative. */
export const countField = lazy(() => z.pipe(wholeNumberField, z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))));

export const privacyField = lazy(() => z.pipe(wholeNumberField, z.literal(PRIVACY_VALUES)));

/** Newer versions send whether a password is set as a boolean; older ones 0/1. The password itself is never kept. */
export const hasPasswordField = lazy(() =>
  z.pipe(
    z.optional(z.union([z.boolean(), z.number(), z.string(), z.null()])),
    z.transform((v) => v === true || v === 1 || (typeof v === 'string' && v !== '' && v !== '0')),
  ),
);

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * ISO-8601 in UTC, or null. Accepts the service's microseconds
 * (`…46.000000Z`, which not every Date parser takes) and older versions'
 * `2022-01-27 20:05:46`, which is UTC too.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const fraction = (m[3] ?? '').padEnd(3, '0').slice(0, 3);
  const date = new Date(`${m[1]}T${m[2]}.${fraction}${m[4] ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const dateField = lazy(() => z.pipe(z.catch(z.nullish(z.string()), null), z.transform(toIsoDate)));

/**
 * `result` is the 0–100 score on current versions, null on some older ones,
 * and a word on others. A word keeps its label without a score.
 */
export const resultField = lazy(() =>
  z.pipe(
    z.catch(z.optional(z.union([z.number(), z.string(), z.null()])), null),
    z.transform((v): { score: number | null; label: ResultLabel | null } => {
      const text = typeof v === 'string' ? v.trim().toLowerCase() : null;
      if (text !== null && isResultLabel(text)) return { score: null, label: text };
      const score = typeof v === 'number' ? v : text !== null && /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
      // A score outside 0–100 is no score the service defines: shown as none rather than as a wrong word.
      if (score === null || !Number.isFinite(score) || score < 0 || score > 100) return { score: null, label: null };
      return { score: withoutNegativeZero(score), label: scoreLabel(score) };
    }),
  ),
);

/** One check of a report, as the extension keeps it. */
export const reportCheckShape = lazy(() =>
  z.object({
    passed: z.boolean(),
    importance: z.enum(IMPORTANCES),
    value: z.unknown(),
    errors: z.optional(z.record(z.string(), z.unknown())),
  }),
);
export type ReportCheck = z.infer<typeof reportCheckShape>;

/** PHP encodes an empty map as `[]`; read a list as a map keyed by position. */
function asMap(value: unknown): Record<string, unknown> | null {
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  if (typeof value === 'object' && value !== null) return { ...value };
  return null;
}

/** What stands in for a part of a finding too deep or too large to keep. */
export const CUT_MARKER = '[cut: too large to keep]';
const MAX_DEPTH = 12;
const MAX_ITEMS = 500;
const MAX_TEXT = 4000;
const MAX_CHECKS = 200;

/**
 * A finding, bounded so that a report can always be stored and sent to a
 * page: deeper than MAX_DEPTH, longer lists and texts are cut, with
 * CUT_MARKER where something was left out.
 */
export function boundedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}${CUT_MARKER}` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? withoutNegativeZero(value) : null;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return CUT_MARKER;
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => boundedValue(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, CUT_MARKER] : kept;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, MAX_ITEMS).map(([key, item]) => [key.slice(0, MAX_TEXT), boundedValue(item, depth + 1)]);
  return Object.fromEntries(entries.length > MAX_ITEMS ? [...kept, ['…', CUT_MARKER]] : kept);
}

/** Passed or not: newer versions send a boolean, older ones 1 or 0. */
const passedField = lazy(() =>
  z.pipe(
    z.union([z.boolean(), z.number()]),
    z.transform((v) => v === true || v === 1),
  ),
);
const importanceField = lazy(() => z.catch(z.enum(IMPORTANCES), 'low'));

const checkSchema = lazy(() =>
  z.object({
    passed: passedField,
    importance: importanceField,
    value: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => boundedValue(v ?? null)),
    ),
    errors: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => {
        const map = asMap(boundedValue(v));
        return map && Object.keys(map).length > 0 ? map : undefined;
      }),
    ),
  }),
);

/** A check's outcome only: its findings (`value`, `errors`), most of a report's size, are not read. */
const outcomeSchema = lazy(() => z.object({ passed: passedField, importance: importanceField }));

/** The checks of a report, each read with `read` (null: a shape not known here, left out rather than breaking the report). */
function checksReadWith<T>(read: (entry: unknown) => T | null) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((value): Record<string, T> | null => {
      const map = asMap(value);
      if (!map) return null;
      const checks: [string, T][] = [];
      // A report has a few dozen checks; a service sending thousands is not one to keep them all from.
      for (const [name, entry] of Object.entries(map).slice(0, MAX_CHECKS)) {
        const check = read(entry);
        if (check !== null) checks.push([name, check]);
      }
      // Built in one go: a check named `__proto__` stays a check, rather than becoming the object's prototype.
      return Object.fromEntries(checks);
    }),
  );
}

/** The checks of a report, findings included. */
export const checksField = lazy(() =>
  checksReadWith((entry): ReportCheck | null => {
    const parsed = checkSchema.safeParse(entry);
    if (!parsed.success) return null;
    const { errors, ...rest } = parsed.data;
    return errors ? { ...rest, errors } : rest;
  }),
);

/** The checks of a report as outcomes (passed, importance): what a summary counts. */
export const checkOutcomesField = lazy(() =>
  checksReadWith((entry) => {
    const parsed = outcomeSchema.safeParse(entry);
    return parsed.success ? parsed.data : null;
  }),
);
