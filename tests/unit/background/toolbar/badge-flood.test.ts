import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetLookups } from '@/lib/background/toolbar/badge-lookup';
import { LOOKUPS_PER_MINUTE, TAB_LOOKUP_GAP_MS } from '@/lib/background/toolbar/badge-pacing';
import { registerBadge, type BadgeFeature } from '@/lib/background/toolbar/badge';
import { writePreferences } from '@/lib/storage';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { connect, startWorld, type ServiceWorld } from './service-setup';

/**
 * Pages that keep changing their address, and many tabs changing at once,
 * against the real local service on a fake clock: the service is asked a
 * bounded number of times, and the badge still ends on the right result.
 */

const DEBOUNCE_MS = 400;
/** The fake clock moves in steps this long; after each, the lookups under way finish over real HTTP. */
const STEP_MS = 50;

let world: ServiceWorld;
beforeAll(async () => void (world = await startWorld()));
afterAll(() => world.close());

let apis: FakeToolbarApis;
let badge: BadgeFeature;
beforeEach(async () => {
  fakeBrowser.reset();
  resetLookups();
  apis = installFakeToolbarApis();
  await connect(world, apis);
  apis.granted.add('tabs');
  await writePreferences({ badgeEnabled: true });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  badge = registerBadge({ debounceMs: DEBOUNCE_MS });
  await badge.settled();
});
afterEach(() => {
  badge.stop();
  vi.useRealTimers();
});

/** Moves the fake clock by `ms`, letting every lookup it starts reach the service and come back. */
async function elapse(ms: number): Promise<void> {
  for (let moved = 0; moved < ms; moved += STEP_MS) {
    await vi.advanceTimersByTimeAsync(Math.min(STEP_MS, ms - moved));
    await badge.settled();
  }
}

/** A fresh set of addresses per test: the service keeps its reports between tests. */
let n = 0;
const freshFeed = () => {
  const run = ++n;
  return (item: number) => `${world.pages.url('/blog')}?feed=${run}&item=${item}`;
};
const stored = (url: string) => url.replace(/^https?:\/\//, '');
/** List requests for addresses starting with `prefix`. */
const lookupsStartingWith = (prefix: string) =>
  world.service.requestLog.filter(
    (r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?') && r.path.includes(encodeURIComponent(stored(prefix))),
  ).length;

const newTab = async () => (await fakeBrowser.tabs.create({})).id!;
const go = (tabId: number, url: string) => fakeBrowser.tabs.update(tabId, { url } as Browser.tabs.UpdateProperties);
const badgeText = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });

/** A feed that moves to its next item every 500 ms for 20 s, as history.pushState does. */
async function storm(tabId: number, item: (i: number) => string): Promise<string> {
  for (let i = 1; i <= 40; i++) {
    await go(tabId, item(i));
    if (i < 40) await elapse(500);
  }
  return item(40);
}

/** Fake milliseconds until the tab's badge reads `text`, or Infinity past `withinMs`. */
async function timeUntilBadge(tabId: number, text: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    await badge.settled();
    if ((await badgeText(tabId)) === text) return Date.now() - started;
    await elapse(STEP_MS);
  }
  return Infinity;
}

describe('a page that keeps changing its address cannot flood the service', () => {
  it('an address changed every 500 ms for 20 s costs at most 8 lookups', async () => {
    const item = freshFeed();
    const tab = await newTab();
    await storm(tab, item);
    await elapse(TAB_LOOKUP_GAP_MS + 1_000);
    const lookups = lookupsStartingWith(item(0).replace(/0$/, ''));
    console.info(`badge storm: 40 address changes in 20 s → ${lookups} lookups`);
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThanOrEqual(8);
  });

  it('the badge shows the result of the last address within 5 s of the last change', async () => {
    const item = freshFeed();
    world.service.seedReports(world.key, [{ url: item(40), score: 83 }]);
    const tab = await newTab();
    await storm(tab, item);
    const ms = await timeUntilBadge(tab, '83', 5_000);
    console.info(`badge storm: last change → its score in ${ms} ms`);
    expect(ms).toBeLessThanOrEqual(5_000);
  });

  it('a single page load still gets its badge right after the debounce', async () => {
    const item = freshFeed();
    world.service.seedReports(world.key, [{ url: item(1), score: 64 }]);
    const tab = await newTab();
    await go(tab, item(1));
    expect(await timeUntilBadge(tab, '64', 5_000)).toBe(DEBOUNCE_MS);
  });

  it('a link followed a moment after a page loaded still gets its badge, within the tab’s gap', async () => {
    const item = freshFeed();
    world.service.seedReports(world.key, [
      { url: item(1), score: 64 },
      { url: item(2), score: 71 },
    ]);
    const tab = await newTab();
    await go(tab, item(1));
    await elapse(1_000);
    await go(tab, item(2));
    expect(await timeUntilBadge(tab, '71', 5_000)).toBeLessThanOrEqual(TAB_LOOKUP_GAP_MS);
    expect(lookupsStartingWith(item(2))).toBe(1);
  });
});

describe('many tabs changing at once cannot flood the service', () => {
  it(`all tabs together ask at most ${LOOKUPS_PER_MINUTE} times a minute; the rest are asked once the minute allows`, async () => {
    const item = freshFeed();
    const count = LOOKUPS_PER_MINUTE + 10;
    world.service.seedReports(
      world.key,
      Array.from({ length: count }, (_, i) => ({ url: item(i + 1), score: 50 + i })),
    );
    const tabs: number[] = [];
    for (let i = 1; i <= count; i++) {
      const tab = await newTab();
      await go(tab, item(i));
      tabs.push(tab);
    }
    const prefix = item(0).replace(/0$/, '');
    await elapse(DEBOUNCE_MS + 1_000);
    expect(lookupsStartingWith(prefix)).toBe(LOOKUPS_PER_MINUTE);
    await elapse(55_000);
    expect(lookupsStartingWith(prefix)).toBe(LOOKUPS_PER_MINUTE);

    await elapse(5_000);
    expect(lookupsStartingWith(prefix)).toBe(count);
    expect(await Promise.all(tabs.map(badgeText))).toEqual(tabs.map((_, i) => String(50 + i)));
  });
});
