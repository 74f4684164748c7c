import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AUDIT_MAX_MS } from '@/lib/background/runs/retry-policy';
import { originPattern } from '@/lib/shared/permission';
import { startReportService, type RunningService } from '../../service/server';
import { startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';

/**
 * A report asked for from the popup, menu or shortcut whose worker the browser
 * stopped while the service audited the page: the POST went, so it is never
 * sent again; the job waits for the report the service makes, and adopts only
 * that one.
 */

const KEY = 'audit-key-0123456789abcdef';
let service: RunningService;
let pages: PageServer;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Home</title></head><body><h1>Hi</h1></body></html>' } });
});
afterAll(async () => {
  await service.close();
  await pages.close();
});

/** The worker started again by the browser: fresh module state, the same storage. */
async function restartedWorker() {
  vi.resetModules();
  const { createHandlers } = await import('@/lib/background/handlers');
  return createHandlers();
}

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(service.baseUrl));
  await (await restartedWorker()).saveConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});
afterEach(() => vi.restoreAllMocks());

let n = 0;
/** A page of its own, and the job the stopped worker left for it. */
async function cutOffJob(privacy: 0 | 1 | 2, startedAt = Date.now() - 10_000) {
  const url = pages.url(`/?audit=${++n}`);
  await fakeBrowser.storage.session.set({ reportJobs: { [url]: { url, state: 'running', startedAt, privacy } } });
  return { url, startedAt };
}
const posts = () => service.requestLog.filter((r) => r.method === 'POST').length;
const iso = (ms: number) => new Date(ms).toISOString();

describe('a job cut off by a stopped worker', () => {
  it('stays running while the service may still be auditing, then takes the report it makes, without a second POST', async () => {
    const { url } = await cutOffJob(1);
    const before = posts();
    const handlers = await restartedWorker();
    expect((await handlers.getPageState({ url })).job).toMatchObject({ state: 'running', privacy: 1 });

    const [made] = service.seedReports(KEY, [{ url, score: 77, privacy: 1 }]);
    expect((await handlers.getPageState({ url })).job).toMatchObject({ state: 'done', report: { id: made!.id } });
    expect(posts()).toBe(before);
  });

  it('is waited for by a popup until the report shows', async () => {
    const { url } = await cutOffJob(0);
    const waiting = (await restartedWorker()).waitForJob({ url });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [made] = service.seedReports(KEY, [{ url, score: 64, privacy: 0 }]);
    await expect(waiting).resolves.toMatchObject({ state: 'done', report: { id: made!.id } });
  }, 15_000);

  it('does not adopt a report of the page made before it started', async () => {
    const { url, startedAt } = await cutOffJob(0);
    service.seedReports(KEY, [{ url, score: 50, privacy: 0, generatedAt: iso(startedAt - 30_000) }]);
    expect((await (await restartedWorker()).getPageState({ url })).job).toMatchObject({ state: 'running' });
  });

  it('does not adopt a report of another privacy (a private report for a password request)', async () => {
    const { url } = await cutOffJob(2);
    service.seedReports(KEY, [{ url, score: 50, privacy: 1 }]);
    expect((await (await restartedWorker()).getPageState({ url })).job).toMatchObject({ state: 'running' });
  });

  it('reads the service’s dates by the service’s clock, with the browser’s clock five minutes ahead', async () => {
    const ahead = Date.now() + 5 * 60_000;
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 5 * 60_000);
    const { url } = await cutOffJob(0, ahead - 10_000);
    const [made] = service.seedReports(KEY, [{ url, score: 91, privacy: 0 }]);
    expect((await (await restartedWorker()).getPageState({ url })).job).toMatchObject({ state: 'done', report: { id: made!.id } });
  });

  it('is called interrupted only once an audit could no longer be running', async () => {
    const { url } = await cutOffJob(0, Date.now() - AUDIT_MAX_MS - 1_000);
    expect((await (await restartedWorker()).getPageState({ url })).job).toMatchObject({ state: 'failed', error: { kind: 'interrupted' } });
  });
});

describe('two asks for one page', () => {
  it('are one POST when the addresses differ only in ways the service does not store', async () => {
    const handlers = await restartedWorker();
    const page = pages.url(`/?joined=${++n}`);
    const before = posts();
    const [first, second] = await Promise.all([
      handlers.createReport({ url: page, privacy: 0 }),
      handlers.createReport({ url: page.replace('http://', 'https://'), privacy: 0 }),
    ]);
    expect(second.id).toBe(first.id);
    expect(posts()).toBe(before + 1);
  });
});
