import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerSiteSummaries, siteReportMade, siteSummaryNow, SITE_REREAD_AFTER_MS, startSiteSummary } from '@/lib/background/site-summary';
import { createHandlers } from '@/lib/background/handlers';
import { originPattern } from '@/lib/shared/permission';
import { writeConnection } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { pageHtml, startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';

/** A site view open while a run reports the site's pages: its summary takes the new reports in. */

const KEY = 'site-reread-key-0123456789';
let service: RunningService;
let pages: PageServer;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
  pages = await startPageServer({ '/new': { body: pageHtml({ title: 'A new page' }) } });
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
afterEach(() => {
  vi.useRealTimers();
});

async function keptSummaryOf(urls: string[]): Promise<string> {
  const [first] = service.seedReports(
    KEY,
    urls.map((url) => ({ url, score: 70 })),
  );
  const project = first!.project;
  await startSiteSummary(project);
  await expect.poll(async () => (await siteSummaryNow(project))?.phase, { timeout: 10_000 }).toBe('done');
  return project;
}

describe('a site summary while reports of the site are made', () => {
  it('is read again once the reports stop coming for a moment, with the new pages in', async () => {
    const project = await keptSummaryOf([`https://site-a.example/one`, `https://site-a.example/two`]);
    service.seedReports(KEY, [{ url: 'https://site-a.example/three', score: 40 }]);

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    siteReportMade(project);
    siteReportMade(project);
    await vi.advanceTimersByTimeAsync(SITE_REREAD_AFTER_MS - 1);
    expect((await siteSummaryNow(project))?.pages).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();

    await expect.poll(async () => (await siteSummaryNow(project))?.pages.length, { timeout: 10_000 }).toBe(3);
    await expect.poll(async () => (await siteSummaryNow(project))?.phase, { timeout: 10_000 }).toBe('done');
  });

  it('leaves a site with no summary unread', async () => {
    const before = service.requestLog.length;
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    siteReportMade('never-read.example');
    await vi.advanceTimersByTimeAsync(SITE_REREAD_AFTER_MS);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.requestLog.length).toBe(before);
  });

  it('hears of every report made, from the popup or a run, through the report jobs', async () => {
    registerSiteSummaries();
    const url = pages.url('/new');
    const [seeded] = service.seedReports(KEY, [{ url: `${url}-earlier`, score: 60 }]);
    await startSiteSummary(seeded!.project);
    await expect.poll(async () => (await siteSummaryNow(seeded!.project))?.phase, { timeout: 10_000 }).toBe('done');
    const before = (await siteSummaryNow(seeded!.project))!.reportsRead;

    await createHandlers().createReport({ url, privacy: 0 });
    await expect.poll(async () => (await siteSummaryNow(seeded!.project))?.reportsRead, { timeout: SITE_REREAD_AFTER_MS + 10_000 }).toBe(before + 1);
  }, 30_000);
});
