/**
 * Site limits and accepted findings, in Chromium on the production build, against the local report
 * service seeded with three pages of one site whose failed checks are known: a minimum score and a
 * Security limit are set on the options page; the report view names the limit a report breaks;
 * accepting its failing check turns the verdict, the service's score unchanged; the reports
 * manager's filter keeps the one report still breaking; the site view counts the pages that do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { resultsFailing } from './support/compared-results.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { ReportViewPage } from './support/pages/report-view.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { PopupPage } from './support/pages/popup.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';
import { pageHtml } from '../service/test-pages.ts';
import { FindingAcceptance, shownVerdict, SiteLimitsSection, waitForVerdict } from './support/pages/site-limits.ts';

const fileTiming = timeFile('site-limits.test.ts');
const KEY = 'e2e-site-limits-key-5be01c';
const SITE = 'shop.example.test';

let service: RunningService;
let pages: TestPages;
let ext: ExtensionBrowser;
let manager: ReportsManagerPage;
const ids: Record<'home' | 'checkout' | 'about' | 'other' | 'local', number> = { home: 0, checkout: 0, about: 0, other: 0, local: 0 };

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  const seeded = service.seedReports(KEY, [
    { url: `https://${SITE}/`, score: 92, results: resultsFailing(`https://${SITE}/`, []) },
    { url: `https://${SITE}/checkout`, score: 70, results: resultsFailing(`https://${SITE}/checkout`, ['mixed_content']) },
    { url: `https://${SITE}/about`, score: 88, results: resultsFailing(`https://${SITE}/about`, ['mixed_content']) },
    { url: 'https://elsewhere.example.org/', score: 40, results: resultsFailing('https://elsewhere.example.org/', ['mixed_content']) },
  ]);
  [ids.home, ids.checkout, ids.about, ids.other] = seeded.map((r) => r.id) as [number, number, number, number];
  // A page the popup can open over, with a report of it seeded: a site of its own, 127.0.0.1.
  pages = await serveTestPages({ '/': pageHtml({ title: 'Local shop' }) });
  ids.local = service.seedReports(KEY, [{ url: pages.url('/'), score: 60, results: resultsFailing(pages.url('/'), ['mixed_content']) }])[0]!.id;
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
  await manager.waitForIdle();
});

afterAll(async () => {
  await ext?.close();
  await pages?.close();
  await service?.close();
  await fileTiming.done();
});

describe('limits per site, and accepted findings', () => {
  it('sets a minimum score and a Security limit on the options page, from an empty list', async () => {
    const section = new SiteLimitsSection(manager.page);
    expect(await section.emptyText()).toBe('No site has limits yet. Add a site below, or use “Limits” in its site view.');
    await section.setLimits(SITE, { minScore: 80, categories: ['Security'] });
    expect(await section.siteText(SITE)).toBe(`${SITE} · score at least 80 · no failed check in Security`);
    expect(await section.emptyText()).toBeNull();
  });

  it('names the limit a report breaks in the report view, next to the service’s own score', async () => {
    const view = await ReportViewPage.opened(await ext.openPage(`/report.html?id=${ids.about}`));
    await waitForVerdict(view.page, 'Breaks 1 limit');
    expect(await shownVerdict(view.page)).toEqual({ state: 'breaks', line: 'Breaks 1 limit', broken: ['Security checks failed: Mixed content'] });
    const checkout = await ReportViewPage.opened(await ext.openPage(`/report.html?id=${ids.checkout}`));
    await waitForVerdict(checkout.page, 'Breaks 2 limits');
    expect((await shownVerdict(checkout.page))!.broken).toEqual(['Score 70 is below the minimum of 80', 'Security checks failed: Mixed content']);
    await checkout.page.close();
    await view.page.close();
  });

  it('accepts the failing check with a reason: marked accepted, the verdict turns, the score stays', async () => {
    const view = await ReportViewPage.opened(await ext.openPage(`/report.html?id=${ids.about}`));
    await waitForVerdict(view.page, 'Breaks 1 limit');
    const scoreBefore = await view.page.$eval('.report__facts', (el) => el.textContent);
    const finding = new FindingAcceptance(view.page, 'mixed_content');

    // Cancel gives the focus back to the button that opened the dialog.
    await finding.openDialog('Mixed content');
    expect(await finding.focused()).toBe(`this page only: ${SITE}/about`);
    await finding.cancelDialog();
    expect(await finding.focused()).toBe('Accept the failure of Mixed content…');

    await finding.openDialog('Mixed content');
    await finding.accept('third-party widget, until the vendor fixes it');
    await waitForVerdict(view.page, 'Within limits, 1 finding accepted');
    expect(await shownVerdict(view.page)).toEqual({ state: 'within', line: 'Within limits, 1 finding accepted', broken: [] });
    expect(await finding.mark()).toBe('Accepted for this page · third-party widget, until the vendor fixes it');
    expect(await finding.focused()).toContain('Accepted for this page');
    // The check itself stays failed, and the service's score is shown as it was.
    expect((await view.check('mixed_content')).passed).toBe(false);
    expect(await view.page.$eval('.report__facts', (el) => el.textContent)).toBe(scoreBefore);
    await view.page.close();
  });

  it('filters the reports manager to the reports that still break their site’s limits', async () => {
    await manager.page.reload();
    await manager.waitForIdle();
    await manager.page.waitForSelector('th.rm-col-limits');
    const cells = () =>
      manager.page.$$eval('tbody tr[data-report-id]', (rows) =>
        Object.fromEntries(rows.map((r) => [r.getAttribute('data-report-id'), r.querySelector('.rm-col-limits')?.getAttribute('data-limits')])),
      );
    expect(await cells()).toEqual({
      [ids.home]: 'within',
      [ids.checkout]: 'breaks',
      [ids.about]: 'within',
      [ids.other]: 'none',
      [ids.local]: 'none',
    });
    await manager.page.locator('::-p-aria([name="Only reports that break their site’s limits"][role="checkbox"])').click();
    await manager.page.waitForFunction(() => document.querySelectorAll('tbody tr[data-report-id]').length === 1, { polling: 50 });
    expect(await manager.rowIds()).toEqual([ids.checkout]);
    expect(await manager.page.$eval('[data-breaking]', (el) => el.textContent)).toBe('1 of the 5 on this page breaks them');
    const breaking = await manager.page.$eval(`tr[data-report-id="${ids.checkout}"] .rm-col-limits`, (td) => td.textContent);
    expect(breaking).toBe('Breaks 2 limitsScore 70 is below the minimum of 80; Security checks failed: Mixed content');
  });

  it('lists the accepted finding on the options page', async () => {
    const section = new SiteLimitsSection(manager.page);
    expect(await section.accepted()).toEqual([`Mixed content · ${SITE}/about · no end date · third-party widget, until the vendor fixes it`]);
  });

  it('counts in the site view the pages that break the limits, each with its verdict', async () => {
    const page = await ext.openPage(`/site.html?project=${encodeURIComponent(SITE)}`);
    const view = SiteViewPage.at(page);
    await view.waitForPhase('done');
    await page.waitForSelector('section.site-limits[data-breaking]');
    expect(await page.$eval('section.site-limits', (s) => s.getAttribute('data-breaking'))).toBe('1');
    expect(await page.$eval('.site-limits__count', (p) => p.textContent)).toBe('1 of 3 pages breaks the limits');
    const verdicts = await page.$$eval('section.site-limits li[data-page]', (items) =>
      items.map((li) => [li.getAttribute('data-page'), li.getAttribute('data-limits')]),
    );
    // Those that break the limits first.
    expect(verdicts[0]).toEqual([`${SITE}/checkout`, 'breaks']);
    expect(verdicts.slice(1).sort()).toEqual([
      [SITE, 'within'],
      [`${SITE}/about`, 'within'],
    ]);
    await page.close();
  });
  it('shows in the popup the page’s latest report against its site’s limits', async () => {
    await new SiteLimitsSection(manager.page).setLimits('127.0.0.1', { minScore: 80 });
    const tab = await ext.newTab(pages.url('/'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await waitForVerdict(popup.page, 'Breaks 1 limit');
    expect(await shownVerdict(popup.page)).toEqual({ state: 'breaks', line: 'Breaks 1 limit', broken: ['Score 60 is below the minimum of 80'] });
    await popup.page.close();
    await tab.close();
  });
});
