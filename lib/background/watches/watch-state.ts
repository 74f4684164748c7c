import type { Watch, WatchSettings, WatchView, WatchesView } from '@/lib/protocol';
import { MAX_WATCHES } from '@/lib/protocol';
import { nextCheckAt, nextMonthStart } from '@/lib/background/watches/watch-schedule';
import { checksPerMonth } from '@/lib/shared/watch-cost';

/**
 * The watches' state, changed by pure functions of a clock: which are due, what a refused quota
 * does, what the options page is shown. lib/background/watches/watch-checks.ts applies them.
 */

/** Whether the month's quota still holds the checks back at `now`. */
export const quotaPaused = (settings: WatchSettings, now: number) => settings.quotaPausedUntil !== null && settings.quotaPausedUntil > now;

/** The watches due at `now`: not paused, their next slot passed, and the quota not used up. */
export function dueWatches(list: readonly Watch[], settings: WatchSettings, now: number): Watch[] {
  if (quotaPaused(settings, now)) return [];
  return list.filter((watch) => !watch.paused && nextCheckAt(watch, watch.lastCheckAt) <= now);
}

/** When the worker is next needed for the watches: the earliest slot, or the month's end while the quota is used up. */
export function nextWatchWake(list: readonly Watch[], settings: WatchSettings, now: number): number | null {
  const times = list.filter((watch) => !watch.paused).map((watch) => nextCheckAt(watch, watch.lastCheckAt));
  if (times.length === 0) return null;
  const earliest = Math.min(...times);
  return quotaPaused(settings, now) ? Math.max(earliest, settings.quotaPausedUntil ?? 0) : earliest;
}

/** The service refused a check for the month's quota: checks pause until the next month; `tell` once per month. */
export function afterQuotaRefused(settings: WatchSettings, now: number): { settings: WatchSettings; tell: boolean } {
  if (quotaPaused(settings, now)) return { settings, tell: false };
  return { settings: { ...settings, quotaPausedUntil: nextMonthStart(now) }, tell: true };
}

/** Adds watches of the pages not watched yet (by `sameAddress`), refusing to pass MAX_WATCHES. */
export function withAdded(
  list: readonly Watch[],
  made: readonly Watch[],
  sameAddress: (a: string, b: string) => boolean,
): { list: Watch[]; added: Watch[]; tooMany: boolean } {
  const added: Watch[] = [];
  for (const watch of made) {
    if ([...list, ...added].some((known) => sameAddress(known.url, watch.url))) continue;
    added.push(watch);
  }
  if (list.length + added.length > MAX_WATCHES) return { list: [...list], added: [], tooMany: true };
  return { list: [...list, ...added], added, tooMany: false };
}

/** Checks a month the watches not paused cost at most. */
export const monthlyChecks = (list: readonly Watch[]) =>
  list.filter((watch) => !watch.paused).reduce((sum, watch) => sum + checksPerMonth(watch.every), 0);

export function watchView(watch: Watch, settings: WatchSettings, now: number): WatchView {
  const next = watch.paused ? null : nextCheckAt(watch, watch.lastCheckAt);
  return { ...watch, nextCheckAt: next !== null && quotaPaused(settings, now) ? Math.max(next, settings.quotaPausedUntil ?? 0) : next };
}

export function watchesView(list: readonly Watch[], settings: WatchSettings, now: number): WatchesView {
  return {
    watches: list.map((watch) => watchView(watch, settings, now)),
    scoreDrop: settings.scoreDrop,
    webhook: settings.webhook,
    quotaPausedUntil: quotaPaused(settings, now) ? settings.quotaPausedUntil : null,
    checksPerMonth: monthlyChecks(list),
    max: MAX_WATCHES,
  };
}

/** Alerts within this long of each other count together for the digest. */
export const DIGEST_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** More alerts than this within the window are told as one digest, not one notification each. */
export const DIGEST_AFTER = 3;

/** Keeps the time of a new alert and says whether it joins the digest (more than DIGEST_AFTER in the window). */
export function alertTimed(settings: WatchSettings, now: number): { settings: WatchSettings; digest: number | null } {
  const recent = [...settings.alertTimes.filter((time) => now - time < DIGEST_WINDOW_MS), now].slice(-50);
  return { settings: { ...settings, alertTimes: recent }, digest: recent.length > DIGEST_AFTER ? recent.length : null };
}
