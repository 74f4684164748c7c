import type { WatchEvery } from '@/lib/protocol';
import { intlLocale, t } from '@/lib/shared/i18n';

/** The words of a watch's schedule, for the watches section. */

/** The schedules offered, in the order shown (pages import the protocol as types only). */
export const WATCH_EVERY_CHOICES: readonly WatchEvery[] = ['daily', 'weekly', 'monthly'];

export const EVERY_TEXT: Record<WatchEvery, () => string> = {
  daily: () => t('watchEveryDaily'),
  weekly: () => t('watchEveryWeekly'),
  monthly: () => t('watchEveryMonthly'),
};

/** An hour of the day as the user's language writes it: "9 AM", "09 Uhr". */
export function hourText(hour: number, locale = intlLocale()): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** A date to come, as a day and an hour: when the next check is, when the quota comes back. */
export function dayAndTime(time: number, locale = intlLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time));
}

/** The time zone of the browser, in minutes east of UTC, as a new watch keeps it. */
export const browserOffsetMinutes = () => -new Date().getTimezoneOffset();
