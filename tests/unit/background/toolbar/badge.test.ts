import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startReport } from '@/lib/background/report-jobs';
import { BADGE_CACHE_TTL_MS, readCached } from '@/lib/background/toolbar/badge-lookup';
import { BADGE_COLOURS, QUEUED_LOOK } from '@/lib/background/toolbar/badge-paint';
import { resetLookups } from '@/lib/background/toolbar/badge-lookup';
import { registerBadge, type BadgeFeature } from '@/lib/background/toolbar/badge';
import { readPreferences, writeConnection, writePreferences } from '@/lib/storage';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { connect, startWorld, type ServiceWorld } from './service-setup';

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
  badge = registerBadge({ debounceMs: 5 });
});
afterEach(() => {
  badge.stop();
  vi.restoreAllMocks();
});

async function turnOn() {
  apis.granted.add('tabs');
  await writePreferences({ badgeEnabled: true });
  await badge.idle();
}

/** A fresh address per test: the service keeps its reports between tests. */
let n = 0;
const freshPage = () => `${world.pages.url('/blog')}?case=${++n}`;
const stored = (url: string) => url.replace(/^https?:\/\//, '');

async function visit(url: string, tab?: number, extra: Partial<Browser.tabs.Tab> = {}): Promise<number> {
  const id = tab ?? (await fakeBrowser.tabs.create({})).id!;
  await fakeBrowser.tabs.update(id, { url, ...extra } as Browser.tabs.UpdateProperties);
  await badge.idle();
  return id;
}

const lookups = (url: string) =>
  world.service.requestLog.filter(
    (r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?') && r.path.includes(encodeURIComponent(stored(url))),
  ).length;

async function badgeOf(tabId: number) {
  const [text, color] = await Promise.all([fakeBrowser.action.getBadgeText({ tabId }), fakeBrowser.action.getBadgeBackgroundColor({ tabId })]);
  return { text, color };
}
const rgba = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(255);

describe('the toolbar badge', () => {
  it('shows the latest report of the tab’s address: its score on the colour of its label', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [
      { url: page, score: 40 },
      { url: page, score: 87 },
    ]);
    await turnOn();
    const tab = await visit(page);
    expect(await badgeOf(tab)).toEqual({ text: '87', color: rgba(BADGE_COLOURS.good) });
  });

  it('sets the colour before the text, so a browser redrawing between the two never shows the score on the previous colour', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 91 }]);
    await turnOn();
    const tab = (await fakeBrowser.tabs.create({})).id!;
    // The calls for the tab, in the order the browser would take and finish them.
    const calls: string[] = [];
    const follow =
      <D extends { tabId?: number | null }>(name: string, call: (details: D) => Promise<void>) =>
      async (details: D) => {
        if (details.tabId !== tab) return call(details);
        calls.push(`${name} asked`);
        await call(details);
        calls.push(`${name} set`);
      };
    const { action } = fakeBrowser;
    const setText = follow('text', action.setBadgeText.bind(action));
    const setColour = follow('colour', action.setBadgeBackgroundColor.bind(action));
    vi.spyOn(action, 'setBadgeText').mockImplementation(setText);
    vi.spyOn(action, 'setBadgeBackgroundColor').mockImplementation(setColour);
    await visit(page, tab);
    expect(await badgeOf(tab)).toEqual({ text: '91', color: rgba(BADGE_COLOURS.good) });
    // The address change blanks the badge, then the lookup paints the score: each time, colour first.
    expect(calls).toEqual(['colour asked', 'colour set', 'text asked', 'text set', 'colour asked', 'colour set', 'text asked', 'text set']);
  });

  it.each([
    [12, BADGE_COLOURS.bad],
    [60, BADGE_COLOURS.decent],
  ])('a score of %i is shown on %s', async (score, colour) => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score }]);
    await turnOn();
    expect(await badgeOf(await visit(page))).toEqual({ text: String(score), color: rgba(colour) });
  });

  it('marks a page waiting in the queue for the service, and shows its score again once it is made', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 64 }]);
    await turnOn();
    const tab = await visit(page);
    const { queueReport, cancelQueued } = await import('@/lib/background/runs/queued-creates');
    await queueReport({ url: page, privacy: 1, sentAt: Date.now(), reached: false });
    await vi.waitFor(async () => expect(await badgeOf(tab)).toEqual({ text: '↻', color: rgba(QUEUED_LOOK.color) }));
    await cancelQueued(page);
    await vi.waitFor(async () => expect((await badgeOf(tab)).text).toBe('64'));
  });

  it('marks a watched page in the icon’s title, and unmarks it once it is no longer watched', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 77 }]);
    await turnOn();
    const tab = await visit(page);
    expect(await fakeBrowser.action.getTitle({ tabId: tab })).toBe('Site Report');
    const { addWatches, removeWatch } = await import('@/lib/background/watches/watch-checks');
    const { view } = await addWatches({ pages: [{ url: page }], every: 'weekly', hour: 9, offsetMinutes: 0 });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getTitle({ tabId: tab })).toBe('Site Report: this page is watched'));
    // The score stays as it was: the mark is in the title, not the badge's four characters.
    expect((await badgeOf(tab)).text).toBe('77');
    await removeWatch(view.watches[0]!.id);
    await vi.waitFor(async () => expect(await fakeBrowser.action.getTitle({ tabId: tab })).toBe('Site Report'));
  });

  it('is off by default: no address is looked up', async () => {
    expect((await readPreferences()).badgeEnabled).toBe(false);
    apis.granted.add('tabs');
    const page = freshPage();
    const tab = await visit(page);
    expect(lookups(page)).toBe(0);
    expect((await badgeOf(tab)).text).toBe('');
  });

  it('does nothing while the browser withholds the tabs permission', async () => {
    await writePreferences({ badgeEnabled: true });
    const page = freshPage();
    await visit(page);
    expect(lookups(page)).toBe(0);
  });

  it('asks the service once per address and answers revisits from the cache, until it expires', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 70 }]);
    await turnOn();
    const tab = await visit(page);
    await visit(world.pages.url('/pricing'), tab);
    await visit(page, tab);
    const other = await visit(page);
    expect(lookups(page)).toBe(1);
    expect((await badgeOf(other)).text).toBe('70');

    const later = Date.now() + BADGE_CACHE_TTL_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await visit(page);
    expect(lookups(page)).toBe(2);
  });

  it('never looks up an incognito tab', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 90 }]);
    await turnOn();
    const tab = await visit(page, undefined, { incognito: true });
    expect(lookups(page)).toBe(0);
    expect((await badgeOf(tab)).text).toBe('');
  });

  it('gives pages that cannot be reported no badge, without asking', async () => {
    await turnOn();
    const before = world.service.requestLog.length;
    const tab = await visit('chrome://settings/');
    expect(world.service.requestLog.length).toBe(before);
    expect((await badgeOf(tab)).text).toBe('');
  });

  it('shows "…" while a report is being created for the tab, then the new result at once, without a lookup', async () => {
    const page = freshPage();
    await turnOn();
    const tab = await visit(page);
    expect((await badgeOf(tab)).text).toBe('');
    expect(lookups(page)).toBe(1);

    world.service.configure({ latencyMs: 300 });
    try {
      const creating = startReport({ api: world.api, baseUrl: world.service.baseUrl }, { url: page, privacy: 1 });
      await vi.waitFor(async () => expect((await badgeOf(tab)).text).toBe('…'));
      const report = await creating;
      await badge.idle();
      expect((await badgeOf(tab)).text).toBe(String(report.score));
      expect(await readCached(page)).toEqual({ score: report.score, label: report.label });
      // The one more is the report's own: what changed since the report before. The badge asked nothing.
      expect(lookups(page)).toBe(2);
    } finally {
      world.service.configure({ latencyMs: 0 });
    }
  });

  it('clears every badge and the cache when turned off', async () => {
    const [a, b] = [freshPage(), freshPage()];
    world.service.seedReports(world.key, [
      { url: a, score: 30 },
      { url: b, score: 95 },
    ]);
    await turnOn();
    const tabs = [await visit(a), await visit(b)];
    expect((await Promise.all(tabs.map(badgeOf))).map((s) => s.text)).toEqual(['30', '95']);

    await writePreferences({ badgeEnabled: false });
    await badge.idle();
    expect((await Promise.all(tabs.map(badgeOf))).map((s) => s.text)).toEqual(['', '']);
    expect(await readCached(a)).toBeUndefined();
  });

  it('turns itself off when the user revokes the tabs permission in the browser', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 55 }]);
    await turnOn();
    const tab = await visit(page);
    await fakeBrowser.permissions.remove({ permissions: ['tabs'] });
    await badge.idle();
    expect((await readPreferences()).badgeEnabled).toBe(false);
    expect((await badgeOf(tab)).text).toBe('');
  });

  it('forgets what it showed when the extension is connected to another service', async () => {
    const page = freshPage();
    world.service.seedReports(world.key, [{ url: page, score: 66 }]);
    await turnOn();
    const tab = await visit(page);
    await writeConnection({ baseUrl: world.service.baseUrl, apiKey: 'another-key-000000' });
    await badge.idle();
    expect((await badgeOf(tab)).text).toBe('');
    expect(await readCached(page)).toBeUndefined();
  });
});
