/**
 * "Report this site's pages…" in Firefox ESR on the production build: the site is asked for in the
 * planner's click through Firefox's own prompt, refused once and granted once, and given back once
 * the sitemaps are read; the run makes exactly the reports chosen (the service's own list says),
 * and a hostile site's sitemaps are bounded with words. The sites of tests/service/sitemap-sites.ts
 * are served as `localhost`, a host the extension holds no permission for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { startPageServer, type PageServer } from '../service/test-pages.ts';
import { HOSTILE_OTHER_SITES, hostileSitemapRoutes, sitemapSiteRoutes } from '../service/sitemap-sites.ts';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { RunsPanelPage } from '../e2e/support/pages/runs-panel.ts';
import { SitemapPlannerPage } from '../e2e/support/pages/sitemap-planner.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox sitemap-run.test.ts');
const KEY = 'e2e-firefox-sitemap-run-3a71c9e0';
const SITE_PATTERN = 'http://localhost/*';

let service: RunningService;
let site: PageServer;
let hostile: PageServer;
let ext: FirefoxExtension;
let options: OptionsPage;
let siteOrigin: string;
let hostileOrigin: string;

const asLocalhost = (origin: string) => origin.replace('//127.0.0.1:', '//localhost:');
const posts = () => service.requestLog.filter((r) => r.method === 'POST').length;

async function projectReports(): Promise<{ id: number; url: string }[]> {
  const params = new URLSearchParams({ project: 'localhost', per_page: '100', sort_by: 'id', sort: 'asc' });
  const response = await fetch(`${service.baseUrl}/api/v1/reports?${params}`, {
    headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: number; url: string }[] }).data;
}

async function openPlanner(origin: string): Promise<SitemapPlannerPage> {
  const planner = new SitemapPlannerPage(await ext.openPage(SitemapPlannerPage.path(origin)));
  await planner.page.bringToFront();
  await planner.waitForIdle();
  return planner;
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  [site, hostile] = await Promise.all([startPageServer(sitemapSiteRoutes()), startPageServer(hostileSitemapRoutes())]);
  siteOrigin = asLocalhost(site.origin);
  hostileOrigin = asLocalhost(hostile.origin);
  service.seedReports(KEY, [{ url: `${siteOrigin}/blog/one`, score: 60, generatedAt: new Date().toISOString() }]);
  ext = await launchFirefoxExtension();
  options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
});

afterAll(async () => {
  await ext?.close();
  await Promise.all([site?.close(), hostile?.close()]);
  await service?.close();
  await fileTiming.done();
});

describe("reporting a site's pages from its sitemaps, in Firefox", () => {
  it("says so when the site is refused in Firefox's prompt, and reads nothing", async () => {
    site.hits.splice(0);
    const planner = await openPlanner(siteOrigin);
    await planner.clickRead();
    await ext.denyPermissionPrompt(planner.page);
    expect(await planner.settled()).toBe('failed');
    expect(await planner.error()).toBe(
      `Access to ${new URL(siteOrigin).host} was not granted, so its sitemaps could not be read. Press the button again to be asked once more.`,
    );
    expect(site.hits).toEqual([]);
    await planner.page.close();
  });

  it('reads the sitemaps after the prompt, gives the site back, and reports exactly the pages chosen', async () => {
    const planner = await openPlanner(siteOrigin);
    await planner.clickRead();
    await ext.grantPermissionPrompt(planner.page);
    expect(await planner.settled()).toBe('ready');
    expect(await ext.hasHostPermission(SITE_PATTERN)).toBe(false);
    let plan = await planner.plan();
    expect(plan.found).toBe('7 addresses found in 3 sitemaps.');
    expect(plan.notes).toEqual(['2 addresses on other sites left out.']);
    expect(plan.counts).toBe('6 not reported yet · 0 reported more than 30 days ago · 1 reported since');
    expect(plan.quota).toBe('6 pages chosen · no monthly limit');

    await planner.setPrefix('/blog/');
    plan = await planner.plan();
    const chosen = ['/blog/two', '/blog/three'].map((path) => `${siteOrigin}${path}`);
    expect(plan.chosen).toEqual(chosen);
    const before = posts();
    const seeded = (await projectReports()).map((r) => r.id);
    await planner.clickStart();
    expect(await planner.outcome()).toBe('Started: 2 pages are being reported in the background; the options page shows how far it is.');

    await options.page.bringToFront();
    const panel = new RunsPanelPage(options.page);
    const run = await panel.newest('Report 2 addresses');
    expect((await panel.waitForState(run.id, 'finished', 90_000)).summary).not.toMatch(/failed/i);
    const made = (await projectReports()).filter((r) => !seeded.includes(r.id));
    expect(made.map((r) => r.url).sort()).toEqual(chosen.map(storedAddress).sort());
    expect(posts() - before).toBe(2);
    await planner.page.close();
  });

  it("bounds a hostile site's sitemaps and says what it left out", async () => {
    const planner = await openPlanner(hostileOrigin);
    await planner.clickRead();
    await ext.grantPermissionPrompt(planner.page);
    expect(await planner.settled()).toBe('ready');
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
    await planner.page.close();
  });
});
