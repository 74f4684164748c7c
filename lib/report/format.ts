import type { Noun, Range, Unit } from '@/lib/report/catalogue';
import { intlLocale, t, tn, type CountKey, type PlainKey } from '@/lib/shared/i18n';

/** Numbers as the report view words them, in the UI language ("2.41 s", "2,41 s"); built once, on first use. */
let formats: { whole: Intl.NumberFormat; oneDecimal: Intl.NumberFormat; twoDecimals: Intl.NumberFormat } | undefined;
function numbers() {
  const locale = intlLocale();
  return (formats ??= {
    whole: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    oneDecimal: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }),
    twoDecimals: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });
}

/** A count in its plural form, the number written whole: "1 element", "2,874 elements". */
function counted(key: CountKey, value: number): string {
  return tn(key, Math.round(value));
}

/** Bytes in decimal units, as the service itself shows them: 412733 → "412.7 kB". */
function bytes(value: number): string {
  const { oneDecimal } = numbers();
  if (Math.abs(value) < 1000) return counted('unitBytes', value);
  if (Math.abs(value) < 1_000_000) return t('unitKilobytes', { value: oneDecimal.format(value / 1000) });
  return t('unitMegabytes', { value: oneDecimal.format(value / 1_000_000) });
}

/** "2.41 s", "412.7 kB", "2,874 elements", "312 words", "8 %". */
export function formatNumber(value: number, unit: Unit): string {
  const { whole, oneDecimal, twoDecimals } = numbers();
  switch (unit) {
    case 'seconds':
      return t('unitSeconds', { value: Number.isInteger(value) ? whole.format(value) : twoDecimals.format(value) });
    case 'bytes':
      return bytes(value);
    case 'elements':
      return counted('unitElements', value);
    case 'words':
      return counted('unitWords', value);
    case 'percent':
      return t('unitPercent', { value: oneDecimal.format(value) });
  }
}

/** "at most 2 s", "at least 500 words", "1 to 60 characters"; `format` words each bound. */
export function formatRange(range: Range, format: (n: number) => string): string | null {
  if (range.min !== null && range.max !== null) return t('rangeBoth', { min: format(range.min), max: format(range.max) });
  if (range.max !== null) return t('rangeMax', { max: format(range.max) });
  if (range.min !== null) return t('rangeMin', { min: format(range.min) });
  return null;
}

export function plural(count: number, noun: Noun): string {
  return counted(noun, count);
}

export const characters = (n: number) => counted('unitCharacters', n);

/** "1 to 60 characters", "at most 160 characters": the unit once, with the upper bound. */
export function characterRange(range: Range): string | null {
  if (range.min !== null && range.max !== null) return t('rangeBoth', { min: plainNumber(range.min), max: characters(range.max) });
  return formatRange(range, characters);
}

/** The number alone, for bounds already worded with their unit once ("1 to 60 characters"). */
export const plainNumber = (n: number) => numbers().oneDecimal.format(n);

/** A count alone, as the UI language writes it: "1,234". */
export const wholeNumber = (n: number) => numbers().whole.format(n);

/** The groups the service sorts links and resources into, by its own keys ("Internals", "JavaScripts"). */
const GROUP_LABELS: Record<string, PlainKey> = {
  internals: 'groupInternals',
  externals: 'groupExternals',
  javascripts: 'groupScripts',
  css: 'groupStyleSheets',
  images: 'groupImages',
  audios: 'groupAudio',
  videos: 'groupVideo',
  iframes: 'groupFrames',
};

/** A group's name in the UI language, or null for one the service names itself (a social network, a newer group): shown as sent. */
export function groupLabel(name: string): string | null {
  const key = GROUP_LABELS[name.toLowerCase()];
  return key ? t(key) : null;
}

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
