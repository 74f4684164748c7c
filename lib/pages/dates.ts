import { intlLocale, t, tn } from '@/lib/shared/i18n';
import { NAMED_OFFSETS, RELATIVE_KEYS, RELATIVE_UNITS, type ExactField } from '@/lib/shared/date-keys';
/**
 * How the pages word a report's date: relative in the list ("3 minutes ago"), exact on hover and for screen
 * readers. Both in the UI language's words from its catalogue, which holds what ICU writes (lib/locales,
 * `date…`), and the user's time zone: no Intl formatter, whose first build costs a new page process 30–40 ms.
 */

/** "just now", "5 minutes ago", "yesterday", "3 months ago". A date slightly ahead (clocks differ) reads as "just now". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return t('dateUnknown');
  const seconds = Math.round((then - now) / 1000);
  if (seconds > -45 && seconds < 60) return t('dateJustNow');
  const [unit, size] = RELATIVE_UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1]!;
  const value = Math.trunc(seconds / size) || -1;
  const named = NAMED_OFFSETS[unit]?.[value];
  if (named) return t(named);
  return tn(value < 0 ? RELATIVE_KEYS[unit].ago : RELATIVE_KEYS[unit].in, Math.abs(value));
}

/** "Jan 27, 2022, 8:05 PM" in the UI language and the user's time zone. */
export function exactTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('dateUnknown');
  const two = (n: number) => String(n).padStart(2, '0');
  const hour = date.getHours();
  const fields: Record<ExactField, string> = {
    day: String(date.getDate()),
    day2: two(date.getDate()),
    month: t('dateMonths').split('|')[date.getMonth()] ?? two(date.getMonth() + 1),
    month2: two(date.getMonth() + 1),
    year: String(date.getFullYear()),
    hour: String(hour),
    hour2: two(hour),
    hour12: String(hour % 12 || 12),
    minute: two(date.getMinutes()),
    dayPeriod: t('dateDayPeriods').split('|')[hour < 12 ? 0 : 1] ?? '',
  };
  return t('dateExact', fields);
}

/** Seconds as the progress line shows them: "8 s", "1 min 05 s". */
export function elapsedText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return t('elapsedSeconds', { s });
  return t('elapsedMinutes', { m: Math.floor(s / 60), s: String(s % 60).padStart(2, '0') });
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "27 Jan 2022" in the UI language, for a day counted in UTC (the site view's trend buckets). */
export function utcDayText(iso: string, locale = intlLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('dateUnknown');
  let format = dayFormats.get(locale);
  if (!format) dayFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })));
  return format.format(date);
}
