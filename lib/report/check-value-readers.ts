/**
 * Tolerant readers of a check's `value` and `errors`, which may hold anything:
 * deployments differ, and PHP turns an empty map into `[]`, a list with gaps
 * into `{"0": …, "7": …}`, and a whole number into `18.0`; thresholds come as
 * strings (`{"max": "60"}`). Each reader answers what it can use, or nothing,
 * and never throws.
 */

export type Plain = Record<string, unknown>;

/** Items shown from any list; the rest is counted, never walked. */
export const MAX_ITEMS = 5000;

export function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list as such, or the values of an object whose keys are all whole numbers (a PHP list with gaps), in key order. */
export function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value.length > MAX_ITEMS ? value.slice(0, MAX_ITEMS) : value;
  if (!isPlainObject(value)) return null;
  const keys = Object.keys(value);
  if (keys.length === 0 || !keys.every((k) => /^\d{1,9}$/.test(k))) return null;
  // Integer-like keys already come in ascending order from Object.keys.
  return keys.slice(0, MAX_ITEMS).map((k) => value[k]);
}

/** How many items a list-like value holds in all, beyond those read. */
export function listLength(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  const list = asList(value);
  return list === null ? 0 : Object.keys(value as Plain).length;
}

/** An object as such; `[]` (PHP's empty map) as an empty one; anything else null. */
export function asRecord(value: unknown): Plain | null {
  if (isPlainObject(value)) return value;
  if (Array.isArray(value) && value.length === 0) return {};
  return null;
}

/** A finite number, from a number or a numeric string (`"60"`, `" 2.5 "`). */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Non-empty text, trimmed; numbers read as text too. */
export function asText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** The text of one list item: a string, a number, or an entry such as `{"url": …, "text": …}`. */
export function itemText(item: unknown): { text: string; note: string | null } | null {
  const plain = asText(item);
  if (plain !== null) return { text: plain, note: null };
  if (!isPlainObject(item)) return null;
  const url = asText(item.url) ?? asText(item.src) ?? asText(item.href);
  const label = asText(item.text) ?? asText(item.alt) ?? asText(item.name);
  if (url !== null) return { text: url, note: label };
  if (label !== null) return { text: label, note: null };
  return { text: compactValue(item), note: null };
}

/** The entries of an error map in order, as `[key, payload]`. */
export function errorEntries(errors: unknown): [string, unknown][] {
  const record = asRecord(errors);
  return record ? Object.entries(record) : [];
}

/** A limit from the errors' payloads (`{"max": "60"}`, `{"min": "1", "max": "60"}`), the first one found. */
export function limitIn(errors: unknown): { min: number | null; max: number | null } | null {
  for (const [, payload] of errorEntries(errors)) {
    const record = asRecord(payload);
    if (!record) continue;
    const min = asNumber(record.min);
    const max = asNumber(record.max);
    if (min !== null || max !== null) return { min, max };
  }
  return null;
}

const MAX_COMPACT = 300;
const MAX_DEPTH = 3;
const MAX_SHOWN = 8;

/** Any value in one short line of text, nested no deeper than three levels: `{"a": 1, "b": [1, 2, …]}`. */
export function compactValue(value: unknown): string {
  const text = compact(value, 0);
  return text.length > MAX_COMPACT ? `${text.slice(0, MAX_COMPACT - 1)}…` : text;
}

function compact(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return JSON.stringify(value.length > MAX_COMPACT ? `${value.slice(0, MAX_COMPACT)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (depth >= MAX_DEPTH) return `[${value.length} items]`;
    const shown = value.slice(0, MAX_SHOWN).map((v) => compact(v, depth + 1));
    return `[${shown.join(', ')}${value.length > MAX_SHOWN ? ', …' : ''}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  if (depth >= MAX_DEPTH) return `{${keys.length} fields}`;
  const shown = keys.slice(0, MAX_SHOWN).map((k) => `${JSON.stringify(k.slice(0, 80))}: ${compact((value as Plain)[k], depth + 1)}`);
  return `{${shown.join(', ')}${keys.length > MAX_SHOWN ? ', …' : ''}}`;
}
