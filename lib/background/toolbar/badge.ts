import { browser } from 'wxt/browser';
import { onJobChange } from '@/lib/background/report-jobs';
import type { Job } from '@/lib/protocol';
import { TABS_PERMISSION } from '@/lib/shared/permission';
import { queuedFor, watchQueue } from '@/lib/background/runs/queued-creates';
import { readDefaultServiceId, readPreferences, watchConnection, watchPreferences, watches, writePreferences } from '@/lib/storage';
import { askForResult, clearCache, readCached, resetLookups, writeCached } from '@/lib/background/toolbar/badge-lookup';
import { createBadgePacing } from '@/lib/background/toolbar/badge-pacing';
import { pageKey, samePage } from '@/lib/shared/page-address';
import {
  badgeLook,
  badgeResultOf,
  clearAllBadges,
  currentAddress,
  EMPTY_LOOK,
  markWatched,
  paint,
  PROGRESS_LOOK,
  QUEUED_LOOK,
  tabAddress,
  tabsShowing,
} from '@/lib/background/toolbar/badge-paint';
import { afterStart } from '@/lib/background/start-work';

/**
 * The toolbar badge: the latest result of each tab's address. Opt-in, because
 * it sends every address the user visits to their service, and it needs the
 * optional `tabs` permission to know those addresses.
 */

async function badgeActive(): Promise<boolean> {
  const { badgeEnabled } = await readPreferences();
  return badgeEnabled && (await browser.permissions.contains(TABS_PERMISSION));
}

export interface BadgeOptions {
  /** Pause after a tab's last change before looking it up: one page load fires several updates. */
  debounceMs?: number;
}

export interface BadgeFeature {
  /** Answers once no lookup, paint or debounce is pending; lookups the pacing put off are not waited for (for tests). */
  idle(): Promise<void>;
  /** Answers once no lookup or paint is under way, waiting for no timer (for tests that move a fake clock). */
  settled(): Promise<void>;
  /** Stops following jobs and drops pending refreshes (for tests, which register the feature once each). */
  stop(): void;
}

/** Call once, synchronously, when the worker starts. */
export function registerBadge({ debounceMs = 400 }: BadgeOptions = {}): BadgeFeature {
  /** Cache key of what each tab's badge shows, so an update that keeps the address keeps the badge. */
  const shown = new Map<number, string>();
  /** Addresses with a report being created: their tabs show the progress mark instead of a lookup. */
  const running = new Set<string>();
  /** Each tab's next refresh: after the debounce, or later when the pacing put its lookup off. */
  const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; putOff: boolean }>();
  const pacing = createBadgePacing();
  const work = new Set<Promise<void>>();
  let wasActive: boolean | null = null;

  const track = (promise: Promise<unknown>) => {
    const tracked: Promise<void> = promise
      .then(
        () => undefined,
        (error: unknown) => console.warn('Badge update failed', error),
      )
      .finally(() => work.delete(tracked));
    work.add(tracked);
  };

  async function refreshTab(tabId: number): Promise<void> {
    if (!(await badgeActive())) return;
    const url = await currentAddress(tabId);
    if (!url) {
      shown.delete(tabId);
      return paint(tabId, EMPTY_LOOK);
    }
    const key = pageKey(url);
    if (running.has(key)) return paint(tabId, PROGRESS_LOOK);
    if (await queuedFor(url)) {
      shown.set(tabId, key);
      return paint(tabId, QUEUED_LOOK);
    }
    const cached = await readCached(url);
    // Only a question to the service is paced: the tab is refreshed again once it may ask.
    const wait = cached === undefined ? pacing.take(tabId, Date.now()) : 0;
    if (wait > 0) return schedule(tabId, wait);
    const result = cached !== undefined ? cached : await askForResult(url);
    // The user may have moved on while the service answered.
    const now = await currentAddress(tabId);
    if (result === undefined || !now || pageKey(now) !== key) return;
    shown.set(tabId, key);
    await paint(tabId, badgeLook(result));
    await markWatched(
      tabId,
      (await watches.read()).some((watch) => samePage(watch.url, url)),
    );
  }

  /** A later change of the tab replaces its pending refresh, so the address looked up is the one it rests on. */
  function schedule(tabId: number, putOffMs?: number): void {
    clearTimeout(timers.get(tabId)?.timer);
    const timer = setTimeout(() => (timers.delete(tabId), track(refreshTab(tabId))), putOffMs ?? debounceMs);
    timers.set(tabId, { timer, putOff: putOffMs !== undefined });
  }

  async function followSetting(): Promise<void> {
    const active = await badgeActive();
    if (active === wasActive) return;
    wasActive = active;
    if (active) {
      for (const tab of await browser.tabs.query({ active: true })) if (tab.id !== undefined) schedule(tab.id);
      return;
    }
    shown.clear();
    await clearCache();
    await clearAllBadges();
  }

  async function followJob(job: Job): Promise<void> {
    // The badge shows the default service's scores: another service's report is not one of them.
    if (job.service && job.service !== (await readDefaultServiceId())) return;
    const key = pageKey(job.url);
    if (job.state === 'running') running.add(key);
    else running.delete(key);
    if (!(await badgeActive())) return;
    if (job.state === 'done') await writeCached(job.url, badgeResultOf(job.report));
    for (const tabId of await tabsShowing(job.url)) {
      if (job.state === 'running') await paint(tabId, PROGRESS_LOOK);
      else await refreshTab(tabId);
    }
  }

  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url !== undefined) {
      const address = tabAddress(tab);
      // A new address must not keep the previous one's score while it is looked up.
      if (!address || shown.get(tabId) !== pageKey(address)) {
        shown.delete(tabId);
        track(paint(tabId, EMPTY_LOOK));
      }
    }
    if (change.url !== undefined || change.status === 'complete') schedule(tabId);
  });
  browser.tabs.onActivated.addListener(({ tabId }) => {
    if (!shown.has(tabId)) schedule(tabId);
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    clearTimeout(timers.get(tabId)?.timer);
    timers.delete(tabId);
    shown.delete(tabId);
    pacing.forget(tabId);
  });
  // Revoking `tabs` in the browser's settings turns the badge off, so the setting never claims more than is done.
  browser.permissions.onRemoved.addListener((removed) => {
    if (removed.permissions?.includes('tabs')) track(writePreferences({ badgeEnabled: false }).then(followSetting));
  });
  browser.permissions.onAdded.addListener(() => track(followSetting()));
  watchPreferences(() => track(followSetting()));
  // Another service has other reports: what the badges show no longer holds.
  // A page queued, made or cancelled: the tabs showing queued pages are painted again.
  const stopWatchingWatches = watches.watch(() => {
    // A page watched or no longer watched: the tabs shown are marked again.
    for (const tabId of shown.keys()) schedule(tabId);
  });
  const stopWatchingQueue = watchQueue(() => {
    for (const tabId of shown.keys()) schedule(tabId);
    track(browser.tabs.query({ active: true }).then((tabs) => tabs.forEach((tab) => tab.id !== undefined && schedule(tab.id))));
  });
  watchConnection(() => {
    resetLookups();
    wasActive = null;
    shown.clear();
    track(clearCache().then(clearAllBadges).then(followSetting));
  });
  const stopFollowingJobs = onJobChange((job) => track(followJob(job)));
  // A worker (re)started by the browser finds the badges as it left them: only later changes need work.
  afterStart(() => track(badgeActive().then((active) => void (wasActive ??= active))));

  return {
    stop() {
      stopFollowingJobs();
      stopWatchingQueue();
      stopWatchingWatches();
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
    async idle() {
      const debouncing = () => [...timers.values()].some(({ putOff }) => !putOff);
      for (let round = 0; round < 50 && (work.size > 0 || debouncing()); round++) {
        await Promise.all(work);
        if (work.size === 0 && debouncing()) await new Promise((resolve) => setTimeout(resolve, debounceMs + 5));
      }
    },
    async settled() {
      while (work.size > 0) await Promise.all(work);
    },
  };
}
