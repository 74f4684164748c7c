/**
 * The site view, in Chromium on the production build, against the local report service seeded with
 * one site of 1,000 reports over 200 pages with known failing checks (tests/service/site-seeds.ts):
 * its counts equal what the service's own list gives, it opens from the popup's site line, the
 * reports manager's project cell and the report view's header, it opens again at once from the
 * summary kept, it waits out the service's rate limit and stops on Cancel. It times the view from
 * opening to "what fails" drawn and to all read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml } from '../service/test-pages.ts';
import { seedSite, SITE_FAULTS, SITE_FIXED_FAULT } from '../service/site-seeds.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage } from './support/pages/popup.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { expectedSite, type ExpectedSite } from './support/site-expected.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

const fileTiming = timeFile('site-view.test.ts');
const KEY = 'e2e-site-view-key-7c41d2';
const IMPACT: Record<string, number> = { high: 3, medium: 2, low: 1 };

let service: RunningService;
let pages: TestPages;
let ext: ExtensionBrowser;
let project: string;
let expected: ExpectedSite;
let sitePath: string;

const siteRequests = () =>
  service.requestLog.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?') && r.path.includes('project='));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  pages = await serveTestPages({ '/': pageHtml({ title: 'Shop home' }) });
  // The site lives at the page server, so the popup over its page belongs to it.
  project = seedSite(service, KEY, { origin: pages.origin, addresses: 200, reports: 1000, days: 120 });
  // Another project, which the site view must leave out.
  service.seedReports(KEY, [{ url: 'https://elsewhere.example.org/', score: 12 }]);
  expected = await expectedSite(service.baseUrl, KEY, project);
  sitePath = `/site.html?project=${encodeURIComponent(project)}`;
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
});

afterAll(async () => {
  await ext?.close();
  await pages?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the site view of 1,000 reports over 200 pages', () => {
  it('draws what fails within 2 s, reads every report, and counts as the service lists them', async () => {
    expect(expected).toMatchObject({ reports: 1000, pages: 200 });
    const page = await ext.browser.newPage();
    const view = SiteViewPage.at(page);
    const marks = await view.markTimes();
    await page.goto(`chrome-extension://${ext.extensionId}${sitePath}`);
    await view.waitForPhase('done');
    // From the page's own start (its navigation) to each moment, as the page saw it.
    const { failingDrawn, done } = await marks();
    console.log(`site view, 1,000 reports: "what fails" drawn ${Math.round(failingDrawn!)} ms, all read ${Math.round(done!)} ms after opening`);
    expect(failingDrawn).toBeLessThan(2000);

    const facts = await view.facts();
    expect(facts.pages).toBe(expected.pages);
    expect(facts.reports).toBe(expected.reports);
    expect(facts.average).toBeCloseTo(expected.average!, 1);
    expect(facts.text).toBe(`200 pages · average ${Math.round(expected.average!)} · 1,000 reports`);

    const failing = await view.failing();
    // Each check failing on a latest report, with the number of pages the service's list gives, and nothing else.
    expect(new Map(failing.map((f) => [f.key, f.pages]))).toEqual(expected.failing);
    expect(failing.map((f) => f.key).sort()).toEqual(SITE_FAULTS.map((f) => f.check).sort());
    // Fixed on every page since: an older report's failure does not count.
    expect(failing.some((f) => f.key === SITE_FIXED_FAULT)).toBe(false);
    // Most impact first: importance × pages.
    const impacts = failing.map((f) => IMPACT[f.importance]! * f.pages);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    for (const f of failing) expect(f.importance).toBe(expected.importance.get(f.key));

    // A check opens onto the very pages it fails on.
    const shown = await view.pagesOf('favicon');
    const failingFavicon = [...expected.latest.values()].filter((r) => r.results.favicon?.passed === false).map((r) => r.url);
    expect(shown.sort()).toEqual(failingFavicon.sort());

    expect(await view.distribution()).toMatchObject(expected.distribution);
    expect(await view.trend()).toMatchObject({ unit: 'week' });
    expect((await view.trend()).points).toBeGreaterThan(10);
    await ext.screenshot(page, 'site-view');
    await page.close();
  });

  it('lists every page with its latest report, sortable by score, address and date, and filtered by label', async () => {
    const page = await ext.openPage(sitePath);
    const view = SiteViewPage.at(page);
    await view.waitForPhase('done');
    const rows = await view.rows();
    expect(rows).toHaveLength(expected.pages);
    for (const row of rows) {
      const latest = expected.latest.get(row.url)!;
      expect(row.score).toBe(String(latest.result));
      expect(row.older).toBe(latest.older);
      expect(new URLSearchParams(row.href.split('?')[1]).get('id')).toBe(String(latest.id));
    }
    const scores = rows.map((r) => Number(r.score));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));

    await view.sortBy('url');
    const urls = (await view.rows()).map((r) => r.url);
    expect(urls).toEqual([...urls].sort());
    await view.sortBy('url');
    expect((await view.rows()).map((r) => r.url)).toEqual([...urls].reverse());

    await view.filterLabel('bad');
    const bad = await view.rows();
    expect(bad).toHaveLength(expected.distribution.bad);
    expect(bad.every((r) => Number(r.score) < 49)).toBe(true);
    await page.close();
  });

  it('opens again at once from the summary kept, asking the service nothing', async () => {
    const before = siteRequests().length;
    const page = await ext.browser.newPage();
    const marks = await SiteViewPage.at(page).markTimes();
    await page.goto(`chrome-extension://${ext.extensionId}${sitePath}`);
    await SiteViewPage.at(page).waitForPhase('done', 5_000);
    const { failingDrawn, done } = await marks();
    console.log(`site view reopened from the kept summary: all drawn ${Math.round(done!)} ms after opening`);
    // Drawn whole at once: no frame with only part of it.
    expect(failingDrawn).toBe(done);
    expect(siteRequests().length).toBe(before);
    expect((await SiteViewPage.at(page).facts()).pages).toBe(expected.pages);

    // "Report this site's pages…" leads to the sitemap planner of the project's host.
    const plan = await page.waitForSelector('.site__actions a[data-action="plan"]');
    expect(await plan!.evaluate((a) => a.textContent?.trim())).toBe("Report this site's pages…");
    await Promise.all([page.waitForNavigation(), plan!.click()]);
    expect(new URL(page.url()).pathname).toBe('/plan.html');
    expect(new URL(page.url()).searchParams.get('origin')).toBe(`https://${project}`);
    const origin = await page.waitForSelector('.sitemap__origin', { timeout: 10_000 });
    expect(await origin!.evaluate((p) => p.textContent)).toContain(project);
    await page.close();
  });

  it('opens from the popup’s site line, the reports manager’s project cell and the report view’s header', async () => {
    const tab = await ext.newTab(pages.url('/'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    const line = await popup.page.waitForSelector('.site-glance a', { timeout: 10_000 });
    expect(await line!.evaluate((a) => a.textContent?.trim())).toBe(`This site: 200 pages · average ${Math.round(expected.average!)}`);
    const fromPopup = await ext.pageOpenedBy(sitePath, async () => {
      await line!.click().catch(() => undefined);
    });
    await SiteViewPage.at(fromPopup).waitForPhase('done', 5_000);
    await fromPopup.close();
    await tab.close();

    const manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
    const cell = await manager.page.waitForSelector(`a.rm-project ::-p-text(${project})`, { timeout: 15_000 });
    const fromManager = await ext.pageOpenedBy(sitePath, () => cell!.click());
    await SiteViewPage.at(fromManager).waitForPhase('done', 5_000);
    await fromManager.close();
    await manager.page.close();

    const latest = expected.latest.get(`${pages.origin.replace(/^https?:\/\//, '')}`)!;
    const report = await ext.openPage(`/report.html?id=${latest.id}`);
    const header = await report.waitForSelector('a.report__site', { timeout: 15_000 });
    expect(await header!.evaluate((a) => a.textContent?.trim())).toBe(`The whole site: ${project}`);
    const fromReport = await ext.pageOpenedBy(sitePath, () => header!.click());
    await SiteViewPage.at(fromReport).waitForPhase('done', 5_000);
    await fromReport.close();
    await report.close();
  });

  it('waits out the service’s rate limit, says so, and stops on Cancel with what was read', async () => {
    service.configure({ rateLimit: { limit: 3, windowSeconds: 30 } });
    try {
      const page = await ext.openPage(sitePath);
      const view = SiteViewPage.at(page);
      await view.waitForPhase('done');
      await view.clickAction('refresh');
      await page.waitForSelector('.site__wait[data-waiting="true"]', { timeout: 15_000 });
      expect(await view.phase()).toBe('reading');
      await view.clickAction('cancel');
      await view.waitForPhase('cancelled', 5_000);
      const facts = await view.facts();
      expect(facts.reports).toBeGreaterThan(0);
      expect(facts.reports).toBeLessThan(expected.reports);
      expect(await page.$eval('.site__progress', (p) => p.textContent)).toContain(`Stopped after ${facts.reports} reports`);
      await page.close();
    } finally {
      service.configure({ rateLimit: { limit: 600, windowSeconds: 60 } });
    }
  });
});
