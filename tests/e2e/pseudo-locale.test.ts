/**
 * The pseudo-locale build (`wxt build --mode pseudo`: every catalogue text accented, 40 % longer and between
 * ⟦ ⟧) in Chromium: every visible word, screen-reader text, aria-label, title and placeholder of the screens
 * (the report view with its dialogs and "Compare with…", the options' connection and settings, the popup before
 * and after a report, the reports manager with a selection, its bulk dialog and the runs panel, the site view with
 * its checks opened and its table sorted and filtered) comes from the catalogue, and nothing pushes the page wider
 * than its window. Screenshots show the longer words in place.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { PopupPage } from './support/pages/popup.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';
import { overflowsSideways, strayText } from './support/catalogue-text.ts';
import { SitemapPlannerPage } from './support/pages/sitemap-planner.ts';
import { startPageServer } from '../service/test-pages.ts';
import { sitemapSiteRoutes } from '../service/sitemap-sites.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { CompareReportsPanel } from './support/pages/compare-reports.ts';
import { timeFile } from './support/file-timing.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { seedSite } from '../service/site-seeds.ts';
import { projectRoot } from './support/paths.ts';
import { wxtBuild } from './support/wxt-build.ts';

/** The extension API inside its pages (the test's own types know nothing of it). */
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const fileTiming = timeFile('pseudo-locale.test.ts');
const KEY = 'e2e-pseudo-locale-key-51c2e9';
const PAGE = 'https://shop.example.com/walking-shoes';
const pseudoBuildDir = join(projectRoot, '.output', 'chrome-mv3-pseudo');

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let reportId: number;
let olderId: number;
let siteProject: string;

beforeAll(async () => {
  await wxtBuild(['--mode', 'pseudo']);
  site = await serveTestPages({
    '/': '<!doctype html><html lang="en"><head><title>Walking shoes</title><meta name="description" content="Shoes for long walks."></head><body><h1>Walking shoes</h1><p>Shoes for long walks.</p><img src="/shoe.png"></body></html>',
  });
  service = await startReportService({
    rateLimit: null,
    accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, planName: 'Agency' }],
  });
  const hour = 3600_000;
  const seeded = service.seedReports(KEY, [
    { url: PAGE, score: 91, generatedAt: new Date(Date.now() - 30 * 24 * hour).toISOString() },
    { url: PAGE, score: 62, generatedAt: new Date(Date.now() - 2 * hour).toISOString() },
  ]);
  reportId = seeded[1]!.id;
  olderId = seeded[0]!.id;
  // A site of many pages, some failing, over more than a month: every part of the site view shows.
  siteProject = seedSite(service, KEY, { origin: 'https://www.garden.example.com', addresses: 30, reports: 90, days: 60 });
  ext = await launchExtensionBrowser({ extensionDir: pseudoBuildDir });
  await ext.grantHostPermission(service.baseUrl);
});

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await site?.close();
  await fileTiming.done();
});

describe('the pseudo-locale build', () => {
  it('words the options page (connection, account, preferences) from the catalogue only', async () => {
    const options = await ext.openOptions();
    await options.waitForSelector('main.options[data-state="ready"] form.connection');
    expect(await strayText(options, ['header.options__header', '#connection', '#preferences'])).toEqual([]);
    // Connected: the account and the settings that show only then.
    await options.type('#service-address', service.baseUrl);
    await options.type('#api-key', KEY);
    await options.click('form.connection button[type="submit"]');
    await options.waitForSelector('section.account[data-state="ready"]', { timeout: 20_000 });
    expect(await options.$eval('html', (html) => [html.lang, html.dir, document.title])).toEqual(['en', 'ltr', expect.stringMatching(/^⟦.*⟧$/)]);
    expect(await strayText(options, ['header.options__header', '#connection', '#preferences'])).toEqual([]);
    // The key shown and hidden: both names of the toggle.
    await options.click('.secret__toggle');
    expect(await strayText(options, ['#connection'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    await ext.screenshot(options, 'pseudo-options');

    // "Reports you hand over": a tracker refused with its reason, then one kept for the report's site.
    await options.waitForSelector('.handover-settings[data-state="ready"]');
    await options.type('#tracker-project', 'shop.example.com');
    await options.type('#tracker-address', 'http://github.com/acme/shop');
    await options.click('.tracker-settings button[type="submit"]');
    await options.waitForSelector('#tracker-problem');
    expect(await strayText(options, ['#preferences'])).toEqual([]);
    await options.$eval('#tracker-address', (input) => ((input as HTMLInputElement).value = ''));
    await options.type('#tracker-address', 'https://github.com/acme/shop');
    await options.click('.tracker-settings button[type="submit"]');
    await options.waitForSelector('.tracker-settings__list li[data-project="shop.example.com"]');
    expect(await strayText(options, ['#preferences'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
  });

  it('words the report view, its dialogs and its outcomes from the catalogue only', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    expect(await view.$$eval('li.check', (checks) => checks.length)).toBeGreaterThan(10);
    await ext.screenshot(view, 'pseudo-report-view');
    // Every finding opened: "N more" lists and their "Show fewer".
    for (const more of await view.$$('.finding__more')) await more.click();
    expect(await strayText(view, ['main.report'])).toEqual([]);
    expect(await view.evaluate(() => document.title)).toMatch(/^⟦.*⟧$/);
    expect(await overflowsSideways(view)).toBe(false);

    // "New issue" on each failed check (the site has a tracker), and the outcome of "Copy link".
    expect(await view.$$eval('.check__new-issue', (links) => links.length)).toBeGreaterThan(0);
    const handover = await view.$$('.report__handover button');
    await handover[2]!.click(); // Copy link
    await view.waitForSelector('[data-handover-outcome]:not([data-handover-outcome=""])');
    expect(await strayText(view, ['main.report'])).toEqual([]);

    // The failed checks only, and a filter that leaves none.
    await view.click('input[name="show"][value="failed"]');
    await view.select('#filter-importance', 'low');
    expect(await strayText(view, ['main.report'])).toEqual([]);

    // "Compare with…": the picker, then the comparison with the address's other report.
    const compare = CompareReportsPanel.on(view);
    await compare.openPicker();
    expect(await strayText(view, ['main.report'])).toEqual([]);
    await compare.compareWith(olderId);
    expect(await strayText(view, ['main.report'])).toEqual([]);
    expect(await overflowsSideways(view)).toBe(false);
    await ext.screenshot(view, 'pseudo-compare-reports');

    const buttons = await view.$$('.report__buttons button');
    await buttons[1]!.click(); // Privacy
    await view.waitForSelector('dialog[open]');
    await view.click('dialog[open] input[type="radio"][value="2"]');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await ext.screenshot(view, 'pseudo-privacy-dialog');
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });

    // The list of keys, opened with `?`.
    await view.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await view.keyboard.press('?');
    await view.waitForSelector('dialog[open] .keys');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await ext.screenshot(view, 'pseudo-keyboard-help');
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });

    await buttons[2]!.click(); // Delete
    await view.waitForSelector('dialog[open]');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await view.click('dialog[open] .button--danger');
    await view.waitForSelector('main.report[data-state="deleted"]', { timeout: 15_000 });
    expect(await strayText(view, ['main.report'])).toEqual([]);
  });

  it('words the popup, before and after a report is made, from the catalogue only', async () => {
    const tab = await ext.newTab(site.url('/'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    expect(await popup.page.$eval('html', (html) => [html.lang, html.dir, document.title])).toEqual(['en', 'ltr', expect.stringMatching(/^⟦.*⟧$/)]);
    expect(await strayText(popup.page, ['main.popup'])).toEqual([]);
    // Password chosen: the password field and its help show.
    await popup.page.click('input[name="privacy"][value="2"]');
    await popup.page.waitForSelector('#report-password');
    expect(await strayText(popup.page, ['main.popup'])).toEqual([]);
    await popup.page.click('input[name="privacy"][value="0"]');
    await popup.page.click('.report-form__submit');
    expect(await popup.waitForJob(['done', 'failed'], 30_000)).toBe('done');
    expect(await strayText(popup.page, ['main.popup'])).toEqual([]);
    expect(await overflowsSideways(popup.page)).toBe(false);
    await ext.screenshot(popup.page, 'pseudo-popup-result');
    await popup.page.close();

    // Opened again: the list of this page's reports, the newest summed up.
    await ext.closePopups();
    const again = await PopupPage.openOn(ext, tab);
    await again.waitForReady();
    await again.page.waitForSelector('.page-reports__list li');
    expect(await strayText(again.page, ['main.popup'])).toEqual([]);
    expect(await overflowsSideways(again.page)).toBe(false);
    await ext.screenshot(again.page, 'pseudo-popup-ready');
    await again.page.close();
    await tab.close();
  });

  it('words the site view, its failing checks opened, its table sorted and filtered, from the catalogue only', async () => {
    const page = await ext.openPage(`/site.html?project=${siteProject}`);
    const view = SiteViewPage.at(page);
    await view.waitForPhase('done');
    expect(await page.evaluate(() => document.title)).toMatch(/^⟦.*⟧$/);
    for (const { key } of await view.failing()) await view.pagesOf(key);
    expect(await strayText(page, ['main.site'])).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await ext.screenshot(page, 'pseudo-site-view');
    await view.sortBy('date');
    await view.filterLabel('good');
    expect(await strayText(page, ['main.site'])).toEqual([]);
    await view.clickAction('copy-markdown');
    await page.waitForFunction(() => (document.querySelector('.site__outcome')?.textContent ?? '') !== '');
    expect(await strayText(page, ['main.site'])).toEqual([]);
    // A reading held up by the service's rate limit: its progress, the wait and Cancel, then what a cancel says.
    service.configure({ rateLimit: { limit: 1, windowSeconds: 60 } });
    try {
      await view.clickAction('refresh');
      await page.waitForSelector('.site__wait[data-waiting="true"]', { timeout: 15_000 });
      expect(await strayText(page, ['main.site'])).toEqual([]);
      await view.clickAction('cancel');
      await view.waitForPhase('cancelled', 5_000);
      expect(await strayText(page, ['main.site'])).toEqual([]);
    } finally {
      service.configure({ rateLimit: { limit: 600, windowSeconds: 60 } });
    }
    await page.close();
    // No project named: the view says so in words.
    const invalid = await ext.openPage('/site.html');
    await invalid.waitForSelector('main.site[data-state="invalid"]');
    expect(await strayText(invalid, ['main.site'])).toEqual([]);
    await invalid.close();
  });

  it('words the reports manager, a selection, the bulk dialog and the runs panel from the catalogue only', async () => {
    const options = await ext.openOptions();
    const row = await options.waitForSelector('section.rm[data-state="idle"] tr[data-report-id]', { timeout: 15_000 });
    expect(await strayText(options, ['section.rm'])).toEqual([]);
    await row!.$eval('input[type="checkbox"]', (box) => (box as HTMLInputElement).click());
    await options.waitForSelector('.rm-selection button[aria-disabled="false"]');
    expect(await strayText(options, ['section.rm'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    // Words 40 % longer than English's: every header, button, badge and date still fits its column.
    await options.setViewport({ width: 1280, height: 900 });
    expect((await new ReportsManagerPage(options).tableLayout()).overflowing).toEqual([]);
    await ext.screenshot(options, 'pseudo-reports-manager');

    // Make private: the bulk dialog, then the run in the background.
    const choices = await options.$$('.rm-selection button');
    await choices.at(-2)!.click();
    await options.waitForSelector('dialog[open]');
    expect(await strayText(options, ['dialog[open]'])).toEqual([]);
    await ext.screenshot(options, 'pseudo-bulk-dialog');
    await options.click('dialog[open] .button--primary');
    await options.waitForSelector('section.runs li.runs__item[data-state="finished"]', { timeout: 20_000 });
    // The whole options page by now: connection, settings, the pasted list, the runs panel and the manager.
    expect(await strayText(options, ['main.options'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    await ext.screenshot(options, 'pseudo-runs-panel');
    await options.close();
  });

  it('words the site limits, their editor, the verdicts and the acceptance dialog from the catalogue only', async () => {
    const options = await ext.openOptions();
    const limits = 'section[data-section="site-limits"]';
    await options.waitForSelector(`${limits} .limits-empty`);
    expect(await strayText(options, [limits])).toEqual([]);
    // The editor, as the options page opens it for a new site, filled and saved.
    await options.type(`${limits} .limits-add input`, siteProject);
    await options.click(`${limits} .limits-add button[type="submit"]`);
    await options.waitForSelector(`${limits} form.limits-form`);
    await options.type(`${limits} form.limits-form input[inputmode="numeric"]`, '101');
    await options.click(`${limits} form.limits-form button[type="submit"]`);
    await options.waitForSelector(`${limits} .field__error`);
    expect(await strayText(options, [limits])).toEqual([]);
    await options.$eval(`${limits} form.limits-form input[inputmode="numeric"]`, (input) => ((input as HTMLInputElement).value = ''));
    await options.type(`${limits} form.limits-form input[inputmode="numeric"]`, '99');
    await options.click(`${limits} form.limits-form input[value="security"]`);
    await options.click(`${limits} form.limits-form button[type="submit"]`);
    await options.waitForSelector(`${limits} li[data-site]`);
    expect(await strayText(options, [limits])).toEqual([]);
    // The reports manager's column and filter, once a site has limits.
    await options.waitForSelector('section.rm[data-state="idle"] th.rm-col-limits', { timeout: 15_000 });
    expect(await strayText(options, ['section.rm'])).toEqual([]);
    await ext.screenshot(options, 'pseudo-site-limits');

    // The report view: its verdict, the acceptance dialog, and the mark once accepted.
    await options.evaluate(
      (project) =>
        chrome.runtime.sendMessage({
          type: 'saveSiteLimits',
          payload: { project, limits: { minScore: 99, noHighFailed: true, categories: [], checks: [] } },
        }),
      'shop.example.com',
    );
    const view = await ext.openPage(`/report.html?id=${olderId}`);
    await view.waitForSelector('main.report[data-state="ready"] [data-limits="breaks"]', { timeout: 15_000 });
    expect(await strayText(view, ['main.report'])).toEqual([]);
    await view.click('.accept-button');
    await view.waitForSelector('dialog[open]');
    await view.click('dialog[open] button[type="submit"]');
    await view.waitForSelector('dialog[open] .field__error');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await ext.screenshot(view, 'pseudo-accept-dialog');
    await view.type('dialog[open] textarea', 'widget');
    await view.click('dialog[open] button[type="submit"]');
    await view.waitForSelector('.accepted-mark');
    expect(await strayText(view, ['main.report'])).toEqual([]);
    expect(await overflowsSideways(view)).toBe(false);
    await view.close();

    // The options' list of accepted findings, then the site view's limits and its editor, saved.
    await options.waitForSelector(`${limits} li[data-accepted-check]`);
    expect(await strayText(options, [limits])).toEqual([]);
    await options.close();
    // The site's last reading was cancelled above (the rate limit's test): read it again, whole.
    const page = await ext.openPage(`/site.html?project=${siteProject}`);
    const siteView = SiteViewPage.at(page);
    await page.waitForSelector('main.site[data-phase]');
    await siteView.clickAction('refresh');
    await siteView.waitForPhase('done');
    await page.waitForSelector('section.site-limits li[data-page]');
    expect(await strayText(page, ['main.site'])).toEqual([]);
    await page.click('[data-action="limits"]');
    await page.waitForSelector('dialog[open] form.limits-form');
    expect(await strayText(page, ['dialog[open]'])).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await ext.screenshot(page, 'pseudo-site-limits-editor');
    await page.click('dialog[open] form.limits-form button[type="submit"]');
    await page.waitForSelector('dialog[open]', { hidden: true });
    expect(await strayText(page, ['main.site'])).toEqual([]);
    await page.close();
  });

  it('words the watched pages section, with watches added from a selection and from all matching, from the catalogue only', async () => {
    const options = await ext.openOptions();
    await options.waitForSelector('#watches .watches__empty');
    expect(await strayText(options, ['#watches'])).toEqual([]);
    const row = await options.waitForSelector('section.rm[data-state="idle"] tr[data-report-id]', { timeout: 15_000 });
    await row!.$eval('input[type="checkbox"]', (box) => (box as HTMLInputElement).click());
    await options.waitForSelector('.rm-selection button[aria-disabled="false"]');
    await options.click('.rm-selection__watch');
    await options.waitForSelector('#watches .watches__row', { timeout: 15_000 });
    expect(await strayText(options, ['#watches', '.rm-selection'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    await ext.screenshot(options, 'pseudo-watches');

    // "Select all N matching", then "Watch these pages": the pages of every matching report, and what was added.
    const rows = await options.$$eval('#watches .watches__row', (found) => found.length);
    await options.click('.rm-selection .rm-selection__count + button');
    await options.waitForSelector('.rm-selection__watch');
    await options.click('.rm-selection__watch');
    await options.waitForFunction((n) => document.querySelectorAll('#watches .watches__row').length > n, { timeout: 15_000 }, rows);
    await options.waitForSelector('.rm-selection .notice');
    expect(await strayText(options, ['#watches', '.rm-selection'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    await options.close();
  });

  it('words the sitemap planner, before and after reading, from the catalogue only', async () => {
    // On 127.0.0.1, which the service's own permission covers: no prompt.
    const sitemaps = await startPageServer(sitemapSiteRoutes());
    const planner = new SitemapPlannerPage(await ext.openPage(SitemapPlannerPage.path(sitemaps.origin)));
    try {
      await planner.waitForIdle();
      expect(await planner.page.$eval('html', (html) => [html.lang, document.title])).toEqual(['en', expect.stringMatching(/^⟦.*⟧$/)]);
      expect(await strayText(planner.page, ['main'])).toEqual([]);
      await planner.clickRead();
      expect(await planner.settled()).toBe('ready');
      await planner.setOnePerTemplate(true);
      expect(await strayText(planner.page, ['main'])).toEqual([]);
      expect(await overflowsSideways(planner.page)).toBe(false);
      await ext.screenshot(planner.page, 'pseudo-sitemap-planner');
    } finally {
      await planner.page.close();
      await sitemaps.close();
    }
  });
});
