/**
 * "Report this site's pages…", in Chromium on the production build against the local service and
 * the sites of tests/service/sitemap-sites.ts, served as `localhost` (the service's own permission,
 * http://127.0.0.1/*, does not cover it). The popup opens the planner; the site is asked for in the
 * click, through the browser's real prompt (headed, on a private Xvfb), refused once and granted
 * once; it is given back once the sitemaps are read. The run makes exactly the reports chosen,
 * checked against the service's own list, and a hostile site's sitemaps are bounded with words.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { startPageServer, type PageServer } from '../service/test-pages.ts';
import { HOSTILE_OTHER_SITES, hostileSitemapRoutes, sitemapSiteRoutes } from '../service/sitemap-sites.ts';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage } from './support/pages/popup.ts';
import { RunsPanelPage } from './support/pages/runs-panel.ts';
import { SitemapPlannerPage } from './support/pages/sitemap-planner.ts';

const fileTiming = timeFile('sitemap-run.test.ts');
const KEY = 'e2e-sitemap-run-key-5d93b1';
const SITE_PATTERN = 'http://localhost/*';
const DAY = 86_400_000;
/** The month's quota: fewer than the site's pages to report, more than the blog's. */
const QUOTA = 4;

interface ServiceReport {
  id: number;
  url: string;
  project: string;
  created_at: string;
}

let service: RunningService;
let site: PageServer;
let hostile: PageServer;
let ext: ExtensionBrowser;
let options: Page;
let siteOrigin: string;
let hostileOrigin: string;

const asLocalhost = (origin: string) => origin.replace('//127.0.0.1:', '//localhost:');
const posts = () => service.requestLog.filter((r) => r.method === 'POST').length;

/** Every report the service lists for the project, read over HTTP as any client would. */
async function projectReports(project: string): Promise<ServiceReport[]> {
  const params = new URLSearchParams({ project, per_page: '100', sort_by: 'id', sort: 'asc' });
  const response = await fetch(`${service.baseUrl}/api/v1/reports?${params}`, {
    headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: ServiceReport[] }).data;
}

async function openPlanner(origin: string): Promise<SitemapPlannerPage> {
  const planner = new SitemapPlannerPage(await ext.openPage(SitemapPlannerPage.path(origin)));
  await planner.page.bringToFront();
  await planner.waitForIdle();
  return planner;
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: QUOTA }] });
  [site, hostile] = await Promise.all([startPageServer(sitemapSiteRoutes()), startPageServer(hostileSitemapRoutes())]);
  siteOrigin = asLocalhost(site.origin);
  hostileOrigin = asLocalhost(hostile.origin);
  // Reported in months before this one, so none counts toward this month's quota.
  service.seedReports(KEY, [
    { url: `${siteOrigin}/about`, score: 80, generatedAt: new Date(Date.now() - 40 * DAY).toISOString() },
    { url: `${siteOrigin}/blog/one`, score: 60, generatedAt: new Date(Date.now() - 60 * DAY).toISOString() },
    { url: 'https://elsewhere.example/blog/one', score: 70, generatedAt: new Date(Date.now() - 60 * DAY).toISOString() },
  ]);
  ext = await launchExtensionBrowser({ headed: true });
  await ext.grantHostPermission(service.baseUrl);
  const connection = await OptionsPage.open(ext);
  expect(await connection.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  options = connection.page;
});

afterAll(async () => {
  await ext?.close();
  await Promise.all([site?.close(), hostile?.close()]);
  await service?.close();
  await fileTiming.done();
});

describe("reporting a site's pages from its sitemaps", () => {
  it("opens from the popup as the planner of the page's site", async () => {
    const tab = await ext.newTab(`${siteOrigin}/contact`);
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    const plannerUrl = `chrome-extension://${ext.extensionId}/plan.html?`;
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().startsWith(plannerUrl), { timeout: 10_000 });
    const button = await popup.page.waitForSelector('.popup__site button');
    expect(await button!.evaluate((b) => b.textContent)).toBe("Report this site's pages…");
    // The popup closes as the new tab opens, sometimes before the click is acknowledged: the tab tells.
    await button!.click().catch(() => undefined);
    // The target's address, which matched: the page's own can still be empty while its first navigation commits.
    const target = await opened;
    const planner = new SitemapPlannerPage((await target.asPage())!);
    expect(new URL(target.url()).searchParams.get('origin')).toBe(siteOrigin);
    await planner.waitForIdle();
    expect(await planner.page.$eval('.sitemap h1', (h) => h.textContent)).toBe("Report this site's pages");
    await Promise.all([planner.page.close(), tab.close()]);
  });

  it('says so when the site is refused in the prompt, and reads nothing', async () => {
    site.hits.splice(0);
    const planner = await openPlanner(siteOrigin);
    await planner.clickRead();
    await ext.denyPermissionPrompt(planner.page);
    expect(await planner.settled()).toBe('failed');
    expect(await planner.error()).toBe(
      `Access to ${new URL(siteOrigin).host} was not granted, so its sitemaps could not be read. Press the button again to be asked once more.`,
    );
    expect(site.hits).toEqual([]);
    expect(await ext.hasHostPermission(SITE_PATTERN)).toBe(false);
    await planner.page.close();
  });

  it('says why a plain-http site away from this computer cannot be read, without a prompt', async () => {
    const planner = await openPlanner('http://shop.example.com');
    await planner.clickRead();
    expect(await planner.settled()).toBe('failed');
    expect(await planner.error()).toBe(
      'The extension may read sites over https only (plain http only on this computer), so the sitemaps of shop.example.com cannot be read.',
    );
    await planner.page.close();
  });

  it('reads the sitemaps after the prompt, gives the site back, and reports exactly the pages chosen', async () => {
    site.hits.splice(0);
    const planner = await openPlanner(siteOrigin);
    await planner.clickRead();
    await ext.grantPermissionPrompt(planner.page);
    expect(await planner.settled()).toBe('ready');
    expect(await ext.hasHostPermission(SITE_PATTERN)).toBe(false);
    expect(site.hits.slice(0, 4)).toEqual(['/robots.txt', '/sitemap-index.xml', '/sitemap-pages.xml', '/sitemap-blog.xml.gz']);

    let plan = await planner.plan();
    expect(plan.found).toBe('7 addresses found in 3 sitemaps.');
    expect(plan.notes).toEqual(['2 addresses on other sites left out.']);
    // Default: reported more than 30 days ago counts as not recent, so both seeded pages are chosen again.
    expect(plan.counts).toBe('5 not reported yet · 2 reported more than 30 days ago · 0 reported since');
    expect(plan.quota).toBe(`7 pages chosen · ${QUOTA} reports left this month`);

    await planner.setStaleDays(50);
    plan = await planner.plan();
    expect(plan.counts).toBe('5 not reported yet · 1 reported more than 50 days ago · 1 reported since');
    expect(plan.chosen).not.toContain(`${siteOrigin}/about`);

    await planner.setOnePerTemplate(true);
    plan = await planner.plan();
    // One of "/", of /*, (/about is recent, so /contact stands for it), of /shop/shoes/* and of /blog/*.
    expect(plan.chosen).toEqual(['/', '/shop/shoes?colour=red&size=9', '/contact', '/blog/one'].map((path) => `${siteOrigin}${path}`));
    await planner.setOnePerTemplate(false);

    // Past the quota: a confirm step, and nothing is sent when it is cancelled.
    const before = posts();
    await planner.clickStart();
    expect(await planner.quotaWarning()).toBe(`Only ${QUOTA} reports are left this month: the service will refuse 2 of these 6 pages.`);
    await planner.cancelStart();
    expect(await planner.quotaWarning()).toBeNull();

    await planner.setPrefix('/blog/');
    plan = await planner.plan();
    const chosen = ['/blog/one', '/blog/two', '/blog/three'].map((path) => `${siteOrigin}${path}`);
    expect(plan.chosen).toEqual(chosen);
    expect(plan.quota).toBe(`3 pages chosen · ${QUOTA} reports left this month`);
    const seeded = (await projectReports('localhost')).map((r) => r.id);
    await planner.clickStart();
    expect(await planner.outcome()).toBe('Started: 3 pages are being reported in the background; the options page shows how far it is.');

    const panel = new RunsPanelPage(options);
    await options.bringToFront();
    const run = await panel.newest('Report 3 addresses');
    expect((await panel.waitForState(run.id, 'finished', 90_000)).summary).not.toMatch(/failed/i);
    const made = (await projectReports('localhost')).filter((r) => !seeded.includes(r.id));
    expect(made.map((r) => r.url).sort()).toEqual(chosen.map(storedAddress).sort());
    expect(posts() - before).toBe(3);
    await planner.page.close();
  });

  it("bounds a hostile site's sitemaps and says what it left out", async () => {
    await ext.preapproveHostPermission(SITE_PATTERN);
    const planner = await openPlanner(hostileOrigin);
    const started = Date.now();
    await planner.clickRead();
    expect(await planner.settled()).toBe('ready');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await ext.hasHostPermission(SITE_PATTERN)).toBe(false);
    const plan = await planner.plan();
    expect(plan.found).toBe('2 addresses found in 7 sitemaps.');
    expect(plan.notes).toEqual([
      `${HOSTILE_OTHER_SITES} addresses on other sites left out.`,
      `${hostileOrigin}/huge.xml is over 10 MB, more than a sitemap can be, so it was not read.`,
      `${hostileOrigin}/bomb.xml.gz is over 10 MB, more than a sitemap can be, so it was not read.`,
      `${hostileOrigin}/entities.xml declares entities of its own (DOCTYPE or ENTITY), which no sitemap needs, so it was refused.`,
      `${hostileOrigin}/loop-index.xml?level=2 is an index nested more than 2 levels deep, so it was not followed.`,
    ]);
    expect(plan.chosen).toEqual([`${hostileOrigin}/kept-1`, `${hostileOrigin}/kept-2`]);
    await planner.page.close();
  });
});
