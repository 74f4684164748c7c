import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createReportsApi } from '@/lib/api';
import { createHandlers } from '@/lib/background/handlers';
import { loadReportView } from '@/lib/background/report-view';
import { storedAddress } from '@/lib/shared/page-address';
import { originPattern } from '@/lib/shared/permission';
import { writeConnection } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { RECORDED } from '../../fixtures/report-view';
import { pageHtml, startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';

const KEY = 'report-view-key-0123456789';
let service: RunningService;
let pages: PageServer;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
  pages = await startPageServer({ '/made': { body: pageHtml({ title: 'Made just now' }) } });
});
afterAll(async () => {
  await service.close();
  await pages.close();
});

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(service.baseUrl));
  await writeConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});

const DAY = 86_400_000;
let page = 0;
/** Three reports of one fresh address, a day apart: bad, then mediocre, then good; and one of another address. */
function seedHistory() {
  page += 1;
  const url = `https://shop.example.com/page-${page}`;
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
  const [bad, mediocre, good] = service.seedReports(KEY, [
    { url, score: RECORDED.bad.score, results: RECORDED.bad.results, generatedAt: at(3) },
    { url, score: RECORDED.mediocre.score, results: RECORDED.mediocre.results, generatedAt: at(2) },
    { url, score: RECORDED.good.score, results: RECORDED.good.results, generatedAt: at(1) },
    { url: `${url}-other`, score: 50, generatedAt: at(1) },
  ]);
  return { url, bad: bad!.id, mediocre: mediocre!.id, good: good!.id };
}
const handlers = () => createHandlers();

describe('the report view’s data', () => {
  it('is the report with its checks, the history of its address oldest first, and the report before it', async () => {
    const seeded = seedHistory();
    const before = service.requestLog.length;
    const view = await handlers().getReport({ id: seeded.mediocre });
    expect(Object.keys(view.report.checks ?? {})).toHaveLength(36);
    expect(view.report.checks?.load_time).toEqual(RECORDED.mediocre.results.load_time);
    expect(view.webUrl).toBe(`${service.baseUrl}/reports/${seeded.mediocre}`);
    expect(view.history.map((p) => [p.id, p.score])).toEqual([
      [seeded.bad, 11],
      [seeded.mediocre, 73],
      [seeded.good, 97],
    ]);
    expect(view.previous).toMatchObject({ id: seeded.bad, score: 11 });
    expect(view.previous?.outcomes).toMatchObject({ title: false, content_length: true, noindex: true });
    expect(view.historyError).toBeNull();
    // The report, then its address's list, which brings the other reports' checks along.
    expect(service.requestLog.slice(before).map((r) => r.path.split('?')[0])).toEqual([`/api/v1/reports/${seeded.mediocre}`, '/api/v1/reports']);
  });

  it('has no report before the first one of an address', async () => {
    const seeded = seedHistory();
    expect((await handlers().getReport({ id: seeded.bad })).previous).toBeNull();
  });

  it('still shows the report when the history cannot be read, and says why', async () => {
    const seeded = seedHistory();
    const api = createReportsApi({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      retry: { maxAttempts: 1, maxWaitMs: 0 },
      fetch: (input, init) =>
        String(input).includes('/reports?')
          ? Promise.resolve(new Response('{"message":"Too Many Attempts."}', { status: 429, headers: { 'retry-after': '30' } }))
          : fetch(input, init),
    });
    const view = await loadReportView({ api, baseUrl: service.baseUrl }, seeded.good);
    expect(view.report.id).toBe(seeded.good);
    expect(view.history.map((p) => p.id)).toEqual([seeded.good]);
    expect(view.previous).toBeNull();
    expect(view.historyError).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 30 });
  });

  it('answers in the service’s own words for a report that is gone', async () => {
    await expect(handlers().getReport({ id: 987_654 })).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('the report view’s data, when the opener names the report’s address', () => {
  /** An API whose report answers come `reportDelayMs` late, and a log of when each request left and each answer came. */
  function loggedApi(reportDelayMs: number, listStatus?: number) {
    const log: string[] = [];
    const api = createReportsApi({
      baseUrl: service.baseUrl,
      apiKey: KEY,
      retry: { maxAttempts: 1, maxWaitMs: 0 },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const kind = url.pathname === '/api/v1/reports' ? `list ${url.searchParams.get('search')}` : 'report';
        log.push(`asked ${kind}`);
        if (kind === 'report') await new Promise((resolve) => setTimeout(resolve, reportDelayMs));
        const answer =
          kind !== 'report' && listStatus ? new Response('{"message":"Too Many Attempts."}', { status: listStatus }) : await fetch(input, init);
        log.push(`answered ${kind}`);
        return answer;
      },
    });
    return { api, log };
  }

  it('asks for the report and its address’s history at once, and draws the same view as without the address', async () => {
    const seeded = seedHistory();
    const stored = storedAddress(seeded.url);
    const { api, log } = loggedApi(150);
    const view = await loadReportView({ api, baseUrl: service.baseUrl }, seeded.mediocre, stored);
    // The list left before the report came back: the two requests overlapped.
    expect(log.indexOf(`asked list ${stored}`)).toBeLessThan(log.indexOf('answered report'));
    expect(log.filter((line) => line.startsWith('asked'))).toHaveLength(2);
    const serial = await loadReportView({ api: loggedApi(0).api, baseUrl: service.baseUrl }, seeded.mediocre);
    expect(view).toEqual(serial);
    expect(view.previous?.id).toBe(seeded.bad);
  });

  it('drops the list of a wrong address and reads the report’s own', async () => {
    const seeded = seedHistory();
    const stored = storedAddress(seeded.url);
    const { api, log } = loggedApi(0);
    const view = await loadReportView({ api, baseUrl: service.baseUrl }, seeded.good, `${stored}-other`);
    expect(log.filter((line) => line.startsWith('asked'))).toEqual(['asked list ' + `${stored}-other`, 'asked report', `asked list ${stored}`]);
    expect(view.history.map((p) => p.id)).toEqual([seeded.bad, seeded.mediocre, seeded.good]);
    expect(view.previous?.id).toBe(seeded.mediocre);
  });

  it('takes the address through the message, and a report that is gone still fails in the service’s words', async () => {
    const seeded = seedHistory();
    const view = await handlers().getReport({ id: seeded.good, url: storedAddress(seeded.url) });
    expect(view.history.map((p) => p.id)).toEqual([seeded.bad, seeded.mediocre, seeded.good]);
    await expect(handlers().getReport({ id: 987_654, url: storedAddress(seeded.url) })).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('still shows the report when the early list fails, and says why', async () => {
    const seeded = seedHistory();
    const { api } = loggedApi(50, 429);
    const view = await loadReportView({ api, baseUrl: service.baseUrl }, seeded.good, storedAddress(seeded.url));
    expect(view.report.id).toBe(seeded.good);
    expect(view.history.map((p) => p.id)).toEqual([seeded.good]);
    expect(view.historyError).toMatchObject({ kind: 'rate-limited' });
  });
});

describe('the kept copy, for drawing a report again at once', () => {
  it('is kept once opened, and given only for the generation date the opener knows', async () => {
    const seeded = seedHistory();
    expect(await handlers().getCachedReport({ id: seeded.good })).toBeNull();
    const view = await handlers().getReport({ id: seeded.good });
    await expect.poll(() => handlers().getCachedReport({ id: seeded.good })).toEqual(view);
    expect(await handlers().getCachedReport({ id: seeded.good, generatedAt: view.report.generatedAt! })).toEqual(view);
    expect(await handlers().getCachedReport({ id: seeded.good, generatedAt: '2001-01-01T00:00:00.000Z' })).toBeNull();
  });

  it('is forgotten when the report changes or is deleted', async () => {
    const seeded = seedHistory();
    await handlers().getReport({ id: seeded.good });
    await handlers().getReport({ id: seeded.bad });
    await expect.poll(async () => (await handlers().getCachedReport({ id: seeded.bad })) !== null).toBe(true);
    await handlers().updateReport({ id: seeded.good, privacy: 1 });
    expect(await handlers().getCachedReport({ id: seeded.good })).toBeNull();
    await handlers().deleteReport({ id: seeded.bad });
    expect(await handlers().getCachedReport({ id: seeded.bad })).toBeNull();
  });

  it('holds the 10 reports opened last, and none larger than 300 KB', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(...Object.values(seedHistory()).filter((v): v is number => typeof v === 'number'));
    const handler = handlers();
    for (const id of ids) {
      await handler.getReport({ id });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await expect.poll(async () => (await fakeBrowser.storage.session.get('reportViews')).reportViews).toHaveLength(10);
    const kept = (await fakeBrowser.storage.session.get('reportViews')).reportViews as { id: number }[];
    expect(kept.map((k) => k.id)).toEqual(ids.slice(-10).reverse());

    const huge = service.seedReports(KEY, [
      // Over 300 KB in all, though the API client keeps each finding within its bounds.
      {
        url: 'https://shop.example.com/huge',
        score: 50,
        results: Object.fromEntries(
          Array.from({ length: 100 }, (_, i) => [`check_${i}`, { passed: true, importance: 'low', value: 'x'.repeat(3_900) }]),
        ),
      },
    ])[0]!.id;
    await handler.getReport({ id: huge });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await handler.getCachedReport({ id: huge })).toBeNull();
    expect(await handler.getCachedReport({ id: ids.at(-1)! })).not.toBeNull();
  });

  it('is answered from memory once read: opening it again reads no storage, and a storage cleared meanwhile is read again', async () => {
    const { registerReportCache } = await import('@/lib/background/report-cache');
    registerReportCache();
    const seeded = seedHistory();
    const view = await handlers().getReport({ id: seeded.good });
    await expect.poll(() => handlers().getCachedReport({ id: seeded.good })).toEqual(view);
    const reads = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await handlers().getCachedReport({ id: seeded.good })).toEqual(view);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
    await fakeBrowser.storage.session.clear();
    await expect.poll(() => handlers().getCachedReport({ id: seeded.good })).toBeNull();
  });

  it('is dropped when the connection changes: another service has other reports', async () => {
    const { registerReportCache } = await import('@/lib/background/report-cache');
    registerReportCache();
    const seeded = seedHistory();
    await handlers().getReport({ id: seeded.good });
    await expect.poll(async () => (await handlers().getCachedReport({ id: seeded.good })) !== null).toBe(true);
    await writeConnection({ baseUrl: service.baseUrl, apiKey: 'another-key-0000' });
    await expect.poll(() => handlers().getCachedReport({ id: seeded.good })).toBeNull();
  });
});

describe('the popup’s summary of each report', () => {
  it('counts the newest report’s failures and says what changed since the one before; no checks travel', async () => {
    const seeded = seedHistory();
    const state = await handlers().getPageState({ url: seeded.url });
    expect(state.reports.map((r) => [r.id, r.checks])).toEqual([
      [seeded.good, null],
      [seeded.mediocre, null],
      [seeded.bad, null],
    ]);
    expect(state.reports[0]!.summary).toEqual({
      total: 36,
      failed: { high: 0, medium: 1, low: 1 },
      topFailures: [],
      // All but http2 of the 13 the mediocre page failed now pass; inline_css, which passed, fails.
      change: { previousId: seeded.mediocre, scoreDelta: 24, fixed: 12, broken: 1 },
    });
    expect(state.reports[2]!.summary).toMatchObject({ failed: { high: 10, medium: 13, low: 9 }, change: null });
    expect(JSON.stringify(state)).not.toContain('oldshop.example.org');
  });
});

describe('a report just made', () => {
  it('says what changed since the report before it', async () => {
    const url = pages.url('/made');
    const [earlier] = service.seedReports(KEY, [
      { url, score: RECORDED.bad.score, results: RECORDED.bad.results, generatedAt: new Date(Date.now() - DAY).toISOString() },
    ]);
    const made = await handlers().createReport({ url, privacy: 0 });
    expect(made.checks).toBeNull();
    expect(made.summary?.change).toMatchObject({ previousId: earlier!.id, scoreDelta: made.score! - RECORDED.bad.score });
  });
});
