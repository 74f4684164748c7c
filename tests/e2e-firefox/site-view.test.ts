/**
 * The site view in Firefox, with the same page objects as in Chromium, against the local report
 * service seeded with one site of 1,000 reports over 200 pages (tests/service/site-seeds.ts): its
 * counts equal the service's own list, it opens from the popup's site line, the reports manager's
 * project cell and the report view's header, it opens again from the summary kept without asking
 * the service, and Cancel stops a reading. One browser for the file; the tests build on each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { seedSite, SITE_FIXED_FAULT } from '../service/site-seeds.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { SiteViewPage } from '../e2e/support/pages/site-view.ts';
import { expectedSite, type ExpectedSite } from '../e2e/support/site-expected.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox site-view.test.ts');
const KEY = 'e2e-firefox-site-view-key-5d20b7';
const IMPACT: Record<string, number> = { high: 3, medium: 2, low: 1 };

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let project: string;
let expected: ExpectedSite;
let sitePath: string;
let origin: string;

const siteRequests = () =>
  service.requestLog.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?') && r.path.includes('project='));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/': { body: pageHtml({ title: 'Shop home' }) } });
  // On localhost, a host the extension holds no permission for: the popup reads it through the button's click.
  origin = site.origin.replace('//127.0.0.1:', '//localhost:');
  project = seedSite(service, KEY, { origin, addresses: 200, reports: 1000, days: 120 });
  expected = await expectedSite(service.baseUrl, KEY, project);
  sitePath = `/site.html?project=${encodeURIComponent(project)}`;
  ext = await launchFirefoxExtension();
  const options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the site view in Firefox', () => {
  it('reads every report and counts as the service lists them', async () => {
    const page = await ext.openPage(sitePath);
    const view = SiteViewPage.at(page);
    await view.waitForPhase('done', 60_000);
    const facts = await view.facts();
    expect(facts).toMatchObject({ pages: expected.pages, reports: expected.reports });
    expect(facts.average).toBeCloseTo(expected.average!, 1);
    const failing = await view.failing();
    expect(new Map(failing.map((f) => [f.key, f.pages]))).toEqual(expected.failing);
    expect(failing.some((f) => f.key === SITE_FIXED_FAULT)).toBe(false);
    const impacts = failing.map((f) => IMPACT[f.importance]! * f.pages);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    expect(await view.distribution()).toMatchObject(expected.distribution);
    const rows = await view.rows();
    expect(rows).toHaveLength(expected.pages);
    for (const row of rows) expect(row.older).toBe(expected.latest.get(row.url)!.older);
    await page.close();
  });

  it('opens again from the summary kept, asking the service nothing', async () => {
    const before = siteRequests().length;
    const page = await ext.openPage(sitePath);
    await SiteViewPage.at(page).waitForPhase('done', 5_000);
    expect(siteRequests().length).toBe(before);
    await page.close();
  });

  it('opens from the popup’s site line, the reports manager’s project cell and the report view’s header', async () => {
    const tab = await ext.newTab(`${origin}/`);
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    const line = await popup.page.waitForSelector('.site-glance a', { timeout: 10_000 });
    expect(await line!.evaluate((a) => a.textContent?.trim())).toBe(`This site: 200 pages · average ${Math.round(expected.average!)}`);
    const fromPopup = await ext.pageOpenedBy(sitePath, async () => {
      await line!.click().catch(() => undefined);
    });
    await SiteViewPage.at(fromPopup).waitForPhase('done', 10_000);
    await fromPopup.close();
    await PopupPage.closeAll(ext);
    await tab.close();

    const options = await ext.openOptions();
    const cell = await options.waitForSelector('a.rm-project', { timeout: 15_000 });
    expect(await cell!.evaluate((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([project, sitePath]);
    await options.close();

    const latest = expected.latest.get(origin.replace(/^https?:\/\//, ''))!;
    const report = await ext.openPage(`/report.html?id=${latest.id}`);
    const header = await report.waitForSelector('a.report__site', { timeout: 15_000 });
    expect(await header!.evaluate((a) => [a.textContent?.trim(), a.getAttribute('href')])).toEqual([`The whole site: ${project}`, sitePath]);
    await report.close();
  });

  it('stops on Cancel, keeping what was read', async () => {
    service.configure({ rateLimit: { limit: 3, windowSeconds: 30 } });
    try {
      const page = await ext.openPage(sitePath);
      const view = SiteViewPage.at(page);
      await view.waitForPhase('done', 10_000);
      await view.clickAction('refresh');
      await page.waitForSelector('.site__wait[data-waiting="true"]', { timeout: 15_000 });
      await view.clickAction('cancel');
      await view.waitForPhase('cancelled', 10_000);
      const facts = await view.facts();
      expect(facts.reports).toBeGreaterThan(0);
      expect(facts.reports).toBeLessThan(expected.reports);
      await page.close();
    } finally {
      service.configure({ rateLimit: { limit: 600, windowSeconds: 60 } });
    }
  });
});
