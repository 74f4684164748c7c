/**
 * The pages' dates in each catalogue's language, written from the catalogue, held to what Intl writes for the
 * same date: relative ("vor 3 Tagen", Arabic's six forms, "avant-hier") and exact, in several time zones.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/lib/locales/catalogue';
import { RELATIVE_UNITS } from '@/lib/shared/date-keys';
import { answerIn, answerInEnglish } from '../support/ui-language.ts';

const zone = process.env.TZ;

/** lib/pages/dates.ts fresh (the wrapper keeps what it looked up), with the browser answering from `locale`'s catalogue. */
async function datesIn(locale: Locale) {
  answerIn(locale);
  const [dates, i18n] = await Promise.all([import('@/lib/pages/dates'), import('@/lib/shared/i18n')]);
  return { ...dates, locale: i18n.intlLocale() };
}

afterEach(answerInEnglish);
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const NOW = Date.parse('2026-03-10T12:00:00Z');
const SECONDS = [
  ...[1, 2, 3, 5, 11, 21, 59].map((n) => n * 60),
  ...[1, 2, 3, 10, 11, 23].map((n) => n * 3600),
  ...[1, 2, 3, 4, 6].map((n) => n * 86400),
  ...[1, 2, 3, 4].map((n) => n * 7 * 86400),
  ...[1, 2, 3, 10, 11].map((n) => n * 30 * 86400),
  ...[1, 2, 3, 10, 11, 12, 100, 103].map((n) => n * 365 * 86400),
];

describe.each(LOCALES)('dates in %s', (locale) => {
  it('relative, past and ahead: the words Intl writes for the unit and count the page picks', async () => {
    const { relativeTime, locale: intl } = await datesIn(locale);
    const format = new Intl.RelativeTimeFormat(intl, { numeric: 'auto' });
    for (const seconds of SECONDS) {
      for (const sign of [-1, 1]) {
        const [unit, size] = RELATIVE_UNITS.find(([, length]) => seconds >= length)!;
        const iso = new Date(NOW + sign * seconds * 1000).toISOString();
        expect(relativeTime(iso, NOW), `${sign * seconds} s`).toBe(format.format(sign * Math.trunc(seconds / size), unit));
      }
    }
  });

  it.each(['UTC', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata'])('exact, in %s: what Intl writes', async (timeZone) => {
    process.env.TZ = timeZone;
    const { exactTime, locale: intl } = await datesIn(locale);
    const format = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' });
    const dates = [
      '2026-01-05T00:05:00Z',
      '2026-01-05T09:05:00Z',
      '2026-03-29T01:30:00Z', // the clocks go forward in Berlin
      '2026-06-30T11:59:00Z',
      '2026-07-01T12:00:00Z',
      '2026-11-26T16:41:00Z',
      '2026-12-31T23:59:00Z',
      ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2025, month, 15, month * 2, month * 5)).toISOString()),
    ];
    for (const iso of dates) expect(exactTime(iso), iso).toBe(format.format(new Date(iso)));
  });
});
