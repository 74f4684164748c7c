import { intlLocale, t } from '@/lib/shared/i18n';
/**
 * How the pages word a report's date: relative in the list ("3 minutes
 * ago"), exact on hover and for screen readers.
 */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "yesterday", "3 months ago". A date slightly ahead (clocks differ) reads as "just now". */
export function relativeTime(iso: string, now: number = Date.now(), locale = intlLocale()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return t('dateUnknown');
  const seconds = Math.round((then - now) / 1000);
  if (seconds > -45 && seconds < 60) return t('dateJustNow');
  const format = relativeFormat(locale);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds / 60) || -1, 'minute');
}

/** "27 Jan 2022, 20:05" in the UI language and the user's time zone. */
export function exactTime(iso: string, locale = intlLocale(), timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return t('dateUnknown');
  return exactFormat(locale, timeZone).format(date);
}

// Building an Intl formatter costs far more than using one (a page of 100 reports built 200):
// one per locale and time zone is kept.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format;
}

function exactFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = exactFormats.get(key);
  if (!format) exactFormats.set(key, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })));
  return format;
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
