import type { Noun, Range, Unit } from '@/lib/report/check-guide';
import { intlLocale, t, tn, type CountKey } from '@/lib/shared/i18n';

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
export function formatMeasure(value: number, unit: Unit): string {
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
export const formatCount = (n: number) => numbers().whole.format(n);
