import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { cacheGeneration, forgetCachedPage, PAGE_CACHE_LIMIT, registerPopupCache, rememberPageState } from '@/lib/background/popup-cache';
import { cachedPageSchema, type PageState } from '@/lib/protocol';
import { keptFor, POPUP_PAGES_ITEM, PRIVACY_DRAFT_ITEM, readKeptForPopup } from '@/lib/shared/kept-for-popup';
import { originPattern } from '@/lib/shared/permission';
import { popupPages, writePreferences } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';
import { connectedSettings } from '../support/settings';

let service: RunningService;
let pages: PageServer;
const KEY = 'cache-key-0123456789';
const OTHER_KEY = 'other-key-9876543210';

beforeAll(async () => {
  service = await startReportService({
    accounts: [
      { name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 },
      { name: 'Bob', email: 'bob@example.com', apiKey: OTHER_KEY, reportsPerMonth: -1 },
    ],
  });
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Home</title></head><body><h1>Hi</h1></body></html>' } });
});
afterAll(async () => {
  await service.close();
  await pages.close();
});

let granted: Set<string>;
const handlers = () => createHandlers();

beforeEach(async () => {
  fakeBrowser.reset();
  granted = installFakePermissions();
  registerPopupCache();
  granted.add(originPattern(service.baseUrl));
  await handlers().saveConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});

let pageCount = 0;
/** A page of its own per test, with `n` reports already made. */
function pageWithReports(n: number): string {
  const url = pages.url(`/?page=${(pageCount += 1)}`);
  service.seedReports(
    KEY,
    Array.from({ length: n }, (_, i) => ({ url, score: 50 + i })),
  );
  return url;
}

/** Where the background keeps the pages, in session storage. */
const PAGE_CACHE_KEY = 'popupPageCache';
const readCachedPages = () => popupPages.read();
const isCachedPage = (value: unknown) => cachedPageSchema.safeParse(value).success;

/** What the next popup on `url` would draw before asking the background. */
const cachedFor = async (url: string) => (await readCachedPages()).find((page) => page.url === url) ?? null;

describe('the page state the next popup draws at once', () => {
  it('is kept when the popup reads a page, without the key and without the checks', async () => {
    const url = pageWithReports(3);
    const state = await handlers().getPageState({ url });
    await vi.waitFor(async () => expect(await cachedFor(url)).not.toBeNull());
    const cached = await cachedFor(url);
    expect(cached?.reports.map((r) => r.id)).toEqual(state.reports.map((r) => r.id));
    expect(cached?.reports.every((r) => r.checks === null)).toBe(true);
    expect(cached?.settings).toEqual(state.settings);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(PAGE_CACHE_KEY))).not.toContain(KEY);
  });

  it('is not kept for a page whose report is being made or just ended: the popup shows the job instead', async () => {
    const url = pages.url('/?job');
    await handlers().createReport({ url, privacy: 0 });
    await handlers().getPageState({ url });
    // The write is not awaited by the handler: a later one, queued behind it, tells when it is done.
    await rememberPageState('https://example.com/later', await handlers().getPageState({ url: pageWithReports(0) }), cacheGeneration());
    expect(await cachedFor(url)).toBeNull();
  });

  it('is not kept when the list could not be read', async () => {
    const url = pageWithReports(1);
    const state = { ...(await handlers().getPageState({ url })), reportsError: { kind: 'network' as const, message: 'Unreachable.' } };
    await rememberPageState(url, state, cacheGeneration());
    expect(await cachedFor(url)).toBeNull();
  });

  it('keeps the most recently read pages only', async () => {
    const state: PageState = await handlers().getPageState({ url: pageWithReports(0) });
    for (let i = 0; i < PAGE_CACHE_LIMIT + 5; i += 1) await rememberPageState(`https://example.com/${i}`, state, cacheGeneration());
    const kept = await readCachedPages();
    expect(kept).toHaveLength(PAGE_CACHE_LIMIT);
    expect(kept[0]?.url).toBe(`https://example.com/${PAGE_CACHE_LIMIT + 4}`);
  });
});

describe('forgetting what could have changed', () => {
  async function cachedPage(): Promise<string> {
    const url = pageWithReports(2);
    await handlers().getPageState({ url });
    await vi.waitFor(async () => expect(await cachedFor(url)).not.toBeNull());
    return url;
  }

  it('forgets a page when a report of it starts', async () => {
    const url = await cachedPage();
    await handlers().createReport({ url, privacy: 1 });
    await vi.waitFor(async () => expect(await cachedFor(url)).toBeNull());
  });

  it.each([
    ['another key is saved', () => handlers().saveConnection({ baseUrl: service.baseUrl, apiKey: OTHER_KEY })],
    ['the key is forgotten', () => handlers().forgetKey({})],
    ['the default privacy changes', () => writePreferences({ defaultPrivacy: 2 })],
    ['the permission is taken back', () => fakeBrowser.permissions.remove({ origins: [originPattern(service.baseUrl)] })],
  ])('forgets every page when %s', async (_case, change) => {
    const url = await cachedPage();
    await change();
    await vi.waitFor(async () => expect(await cachedFor(url)).toBeNull());
  });

  it.each([
    ['deleted', (id: number) => handlers().deleteReport({ id })],
    ['made private', (id: number) => handlers().updateReport({ id, privacy: 1 })],
  ])('forgets every page when a report is %s in the options', async (_case, change) => {
    const url = await cachedPage();
    const [report] = (await handlers().getPageState({ url })).reports;
    await change(report!.id);
    expect(await cachedFor(url)).toBeNull();
  });

  it('does not keep a state read before a report started, even if it arrives after', async () => {
    const url = pageWithReports(1);
    const readAt = cacheGeneration();
    const state = await handlers().getPageState({ url });
    await forgetCachedPage(url);
    await rememberPageState(url, state, readAt);
    expect(await cachedFor(url)).toBeNull();
  });

  it('forgets http and https, www or not, as the same page', async () => {
    const state = await handlers().getPageState({ url: pageWithReports(0) });
    await rememberPageState('https://www.example.com/a', state, cacheGeneration());
    await rememberPageState('https://example.com/b', state, cacheGeneration());
    await forgetCachedPage('http://example.com/a');
    const kept = (await readCachedPages()).map((p) => p.url).filter((url) => url.includes('example.com'));
    expect(kept).toEqual(['https://example.com/b']);
  });
});

describe('what the background accepts back from session storage', () => {
  const settings = connectedSettings({ baseUrl: 'https://r.example' });
  const report = {
    id: 1,
    url: 'example.com',
    project: 'example.com',
    score: 80,
    label: 'good',
    privacy: 0,
    hasPassword: false,
    generatedAt: null,
    createdAt: null,
    updatedAt: null,
    checks: null,
    summary: { total: 3, failed: { high: 1, medium: 0, low: 1 }, topFailures: [{ key: 'title', name: 'Title' }], change: null },
  };
  const entry = { url: 'https://example.com/', settings, reports: [report], at: 1 };

  it.each([
    ['a page as the background keeps it', entry, true],
    ['a report with an unknown privacy', { ...entry, reports: [{ ...report, privacy: 7 }] }, false],
    ['a report with a label the popup cannot show', { ...entry, reports: [{ ...report, label: 'great' }] }, false],
    ['a report with its checks', { ...entry, reports: [{ ...report, checks: {} }] }, false],
    [
      'a summary naming more than three failures',
      { ...entry, reports: [{ ...report, summary: { ...report.summary, topFailures: Array(4).fill({ key: 'a', name: 'A' }) } }] },
      false,
    ],
    ['settings without the permission', { ...entry, settings: { ...settings, permissionGranted: undefined } }, false],
    ['no reports list', { ...entry, reports: null }, false],
    ['something else', 'popup', false],
  ])('%s → %s', (_case, value, accepted) => {
    expect(isCachedPage(value)).toBe(accepted);
  });

  it('skips what it does not accept and reads the rest', async () => {
    await fakeBrowser.storage.session.set({ [PAGE_CACHE_KEY]: [{ ...entry, url: 'https://bad.example/', at: 'x' }, entry] });
    expect(await readCachedPages()).toEqual([entry]);
  });
});

describe('what the popup reads itself', () => {
  /** The service's list requests since `from`: one per reading of a page's state. */
  const listRequestsSince = (from: number) => service.requestLog.slice(from).filter((r) => r.path.startsWith('/api/v1/reports?'));
  const readKept = async (url: string) => keptFor(await readKeptForPopup(), url);

  it('finds what the background kept for the page, without asking the background or the service', async () => {
    const url = pageWithReports(2);
    await handlers().getPageState({ url });
    await expect.poll(() => cachedFor(url)).not.toBeNull();
    const before = service.requestLog.length;

    const kept = await readKept(url);
    expect(kept.cached?.reports.map((r) => r.score)).toEqual([51, 50]);
    expect(kept.cached?.settings).toEqual((await cachedFor(url))?.settings);
    expect(kept.privacyDraft).toBeNull();
    expect(listRequestsSince(before)).toHaveLength(0);
  });

  it('finds the privacy chosen for the page, and only for that page', async () => {
    const url = pageWithReports(1);
    await handlers().savePrivacyDraft({ url, privacy: 2 });
    expect((await readKept(url)).privacyDraft).toBe(2);
    expect((await readKept('https://other.example/')).privacyDraft).toBeNull();
    await handlers().savePrivacyDraft({ url, privacy: null });
    expect((await readKept(url)).privacyDraft).toBeNull();
  });

  it('takes nothing kept for a page never shown, or stored in another shape', async () => {
    expect(await readKept('https://never.example/')).toEqual({ cached: null, privacyDraft: null });
    await fakeBrowser.storage.session.set({
      [POPUP_PAGES_ITEM]: [{ url: 'https://odd.example/', settings: null, reports: [] }, 'text'],
      [PRIVACY_DRAFT_ITEM]: { url: 'https://odd.example/', privacy: 7 },
    });
    expect(await readKept('https://odd.example/')).toEqual({ cached: null, privacyDraft: null });
    await fakeBrowser.storage.session.set({ [POPUP_PAGES_ITEM]: { url: 'https://odd.example/' } });
    expect((await readKept('https://odd.example/')).cached).toBeNull();
  });
});
