import type { Noun, Range, Unit } from '@/lib/report/catalogue';

/** Numbers as the report view words them. English, as every other word of the extension. */

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Bytes in decimal units, as the service itself shows them: 412733 → "412.7 kB". */
function bytes(value: number): string {
  if (Math.abs(value) < 1000) return `${whole.format(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  if (Math.abs(value) < 1_000_000) return `${oneDecimal.format(value / 1000)} kB`;
  return `${oneDecimal.format(value / 1_000_000)} MB`;
}

/** "2.41 s", "412.7 kB", "2,874 elements", "312 words", "8 %". */
export function formatNumber(value: number, unit: Unit): string {
  switch (unit) {
    case 'seconds':
      return `${Number.isInteger(value) ? whole.format(value) : twoDecimals.format(value)} s`;
    case 'bytes':
      return bytes(value);
    case 'elements':
      return `${whole.format(value)} ${Math.round(value) === 1 ? 'element' : 'elements'}`;
    case 'words':
      return `${whole.format(value)} ${Math.round(value) === 1 ? 'word' : 'words'}`;
    case 'percent':
      return `${oneDecimal.format(value)} %`;
  }
}

/** "at most 2 s", "at least 500 words", "1 to 60 characters"; `format` words each bound. */
export function formatRange(range: Range, format: (n: number) => string): string | null {
  if (range.min !== null && range.max !== null) return `${format(range.min)} to ${format(range.max)}`;
  if (range.max !== null) return `at most ${format(range.max)}`;
  if (range.min !== null) return `at least ${format(range.min)}`;
  return null;
}

export function plural(count: number, noun: Noun): string {
  return `${whole.format(count)} ${count === 1 ? noun.one : noun.many}`;
}

export const characters = (n: number) => `${whole.format(n)} ${n === 1 ? 'character' : 'characters'}`;

/** The number alone, for bounds already worded with their unit once ("1 to 60 characters"). */
export const plainNumber = (n: number) => oneDecimal.format(n);

/** An address a user may open: http(s) only, so a `javascript:` value from the service stays text. */
export function safeHref(text: string): string | null {
  if (!/^https?:\/\/[^\s]+$/i.test(text) || text.length > 2048) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** Very long texts are cut for display; the whole stays in the downloaded JSON. */
export function shortened(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
