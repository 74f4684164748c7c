import type { PlainKey } from '@/lib/shared/i18n';

/**
 * The catalogue's keys for dates, one table for the pages that write dates (lib/pages/dates.ts) and the
 * code that derives their words from ICU (tests/support/date-words.ts).
 */

/** The units a relative date is counted in, largest first, with their length in seconds (a month as 30 days). */
export const RELATIVE_UNITS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number][0];

/** Each unit's keys: "{count} days ago", "in {count} days". */
export const RELATIVE_KEYS = {
  year: { ago: 'dateAgoYears', in: 'dateInYears' },
  month: { ago: 'dateAgoMonths', in: 'dateInMonths' },
  week: { ago: 'dateAgoWeeks', in: 'dateInWeeks' },
  day: { ago: 'dateAgoDays', in: 'dateInDays' },
  hour: { ago: 'dateAgoHours', in: 'dateInHours' },
  minute: { ago: 'dateAgoMinutes', in: 'dateInMinutes' },
} as const satisfies Record<RelativeUnit, { ago: string; in: string }>;

/**
 * The days, weeks, months and years a language may name rather than count ("yesterday", "last week", German's
 * "vorgestern"), as Intl's `numeric: 'auto'` does. A language that counts one of them ("2 days ago" in English)
 * holds the counted words under its key. By unit, then count: `day[-1]` is yesterday.
 */
export const NAMED_OFFSETS: Partial<Record<RelativeUnit, Record<number, PlainKey>>> = {
  day: { [-2]: 'dateTwoDaysAgo', [-1]: 'dateYesterday', 1: 'dateTomorrow', 2: 'dateInTwoDays' },
  week: { [-1]: 'dateLastWeek', 1: 'dateNextWeek' },
  month: { [-1]: 'dateLastMonth', 1: 'dateNextMonth' },
  year: { [-1]: 'dateLastYear', 1: 'dateNextYear' },
};

/**
 * The fields the exact date's pattern (`dateExact`) may name: `{day}` as a number, `{day2}` and `{month2}` in two
 * digits at least, `{month}` as the language's short name (`dateMonths`, twelve names between `|`), `{hour}` and
 * `{hour2}` of 24, or `{hour12}` of 12 with `{dayPeriod}` (`dateDayPeriods`, `AM|PM`), `{minute}` in two digits.
 */
export const EXACT_FIELDS = ['day', 'day2', 'month', 'month2', 'year', 'hour', 'hour2', 'hour12', 'minute', 'dayPeriod'] as const;
export type ExactField = (typeof EXACT_FIELDS)[number];
