/**
 * How often the badge may ask the service. A page that rewrites its address
 * every half second (a feed, a slideshow) must not turn into a request every
 * half second: each tab asks at most once per gap, and all tabs together at
 * most a fixed number of times a minute. A lookup put off is not dropped: the
 * caller tries again after the wait this answers.
 */

/** The shortest time between two lookups of one tab. */
export const TAB_LOOKUP_GAP_MS = 4_000;
/** The most lookups of all tabs together within any minute. */
export const LOOKUPS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export interface PacingFigures {
  tabGapMs: number;
  perMinute: number;
}

export interface BadgePacing {
  /**
   * Whether `tabId` may ask the service at `now`: 0 when it may (the lookup is
   * then counted), else the milliseconds to wait before asking again.
   */
  take(tabId: number, now: number): number;
  /** A closed tab leaves no gap behind. */
  forget(tabId: number): void;
}

export function createBadgePacing(
  { tabGapMs, perMinute }: PacingFigures = { tabGapMs: TAB_LOOKUP_GAP_MS, perMinute: LOOKUPS_PER_MINUTE },
): BadgePacing {
  const lastOfTab = new Map<number, number>();
  /** When the lookups of the last minute were taken, oldest first. */
  let recent: number[] = [];

  return {
    take(tabId, now) {
      recent = recent.filter((at) => now - at < MINUTE_MS && at <= now);
      const last = lastOfTab.get(tabId);
      const tabWait = last === undefined || last > now ? 0 : Math.max(0, last + tabGapMs - now);
      const capWait = recent.length < perMinute ? 0 : recent[recent.length - perMinute]! + MINUTE_MS - now;
      const wait = Math.max(tabWait, capWait);
      if (wait > 0) return wait;
      lastOfTab.set(tabId, now);
      recent.push(now);
      return 0;
    },
    forget(tabId) {
      lastOfTab.delete(tabId);
    },
  };
}
