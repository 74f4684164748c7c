/**
 * The report view, in Chromium on the production build, against the local report service:
 * a page built to fail known checks is reported from the popup, its checks are read in the
 * report view (opened from the popup and from the options table), "Show on page" outlines
 * the findings in the live tab, the page is fixed and reported again, and "What changed"
 * and "Copy as Markdown" say so. The assertions name checks the service runs today and
 * read every figure from what the service itself stored, so they hold as it grows.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { RESULT_LABEL_TEXT, scoreLabel } from '../../lib/shared/score.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage } from './support/pages/popup.ts';
import { ReportViewPage } from './support/pages/report-view.ts';
import { screenshotBothThemes } from './support/themes.ts';

const fileTiming = timeFile('report-view.test.ts');
const KEY = 'e2e-report-view-key-3a9f51';
const IMPORTANCE_RANK: Record<string, number> = { 'High importance': 0, 'Medium importance': 1, 'Low importance': 2 };

interface StoredCheck {
  passed: boolean;
  importance: 'high' | 'medium' | 'low';
}
interface Stored {
  id: number;
  url: string;
  result: number;
  privacy: number;
  generated_at: string;
  results: Record<string, StoredCheck>;
}

let service: RunningService;
let site: PageServer;
let ext: ExtensionBrowser;
/** The tab showing the page, at a localhost address: the extension holds no permission for it. */
let tab: Page;
let pageUrl: string;
let fixed = false;
const made: Stored[] = [];

/** Two images without alt text (until fixed), two h1s, an unsafe link, deprecated tags and inline styles. */
const shoesPage = () =>
  pageHtml({
    title: 'Walking shoes for every day',
    body: `<h1>Walking shoes</h1><h1>Walking shoes on sale</h1>
      <p>Comfortable walking shoes for town and country, in every size.</p>
      <img src="/img/shoe-red.png"${fixed ? ' alt="A red walking shoe"' : ''}>
      <img src="/img/shoe-blue.png"${fixed ? ' alt="A blue walking shoe"' : ''}>
      <img src="/img/logo.png" alt="Logo">
      <a href="http://127.0.0.1:9/partner" target="_blank">Our partner</a>
      <center><font color="red">Sale!</font></center>
      <p style="color: red">Red</p><p style="font-weight: bold">Bold</p>`,
  });

/** What the service itself stored for a report: the truth the screens are checked against. */
async function stored(id: number): Promise<Stored> {
  const response = await fetch(`${service.baseUrl}/api/v1/reports/${id}`, {
    headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
  });
  return ((await response.json()) as { data: Stored }).data;
}
const failedOf = (report: Stored, importance?: string) =>
  Object.entries(report.results).filter(([, c]) => !c.passed && (importance === undefined || c.importance === importance));

const outlinedIn = (page: Page, attribute: string) =>
  page.$$eval('[data-site-report-outline]', (els, name) => els.map((el) => el.getAttribute(name)), attribute);

async function reportFromPopup(): Promise<{ popup: PopupPage; report: Stored }> {
  await PopupPage.closeAll(ext);
  const popup = await PopupPage.openOn(ext, tab);
  await popup.waitForReady();
  // The last report's outcome stays in view until the user is done with it.
  if ((await popup.job()) === 'done') await popup.clickDone();
  expect(await popup.createReport({ privacy: 'public' })).toBe('done');
  const report = await stored((await popup.result()).id);
  made.push(report);
  return { popup, report };
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/shoes': () => ({ body: shoesPage() }), '/elsewhere': { body: pageHtml({ title: 'Elsewhere' }) } });
  pageUrl = site.url('/shoes').replace('//127.0.0.1:', '//localhost:');
  // Headed (a private Xvfb): the popup at its real size, and the browser's own permission prompt.
  ext = await launchExtensionBrowser({ headed: true });
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
  tab = await ext.newTab(pageUrl);
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('a page built to fail known checks', () => {
  let view: ReportViewPage;

  it('is reported from the popup, which sums up its failures and offers all its checks', async () => {
    expect(await ext.hasHostPermission('http://localhost/*')).toBe(false);
    const { popup, report } = await reportFromPopup();
    const total = Object.keys(report.results).length;
    const high = failedOf(report, 'high').length;
    const summary = await popup.summary('result');
    expect(summary.counts).toBe(
      `${failedOf(report).length} failed: ${high} high, ${failedOf(report, 'medium').length} medium, ${failedOf(report, 'low').length} low importance`,
    );
    // The first failed checks of high importance, in the report's order: the two h1s fail first.
    expect(summary.top[0]).toBe('Headings');
    expect(summary.top).toEqual(
      failedOf(report, 'high')
        .slice(0, 3)
        .map(([key]) => checkName(key)),
    );
    expect(summary.change).toBeNull();
    expect(await popup.textOf('section.result a.button--primary')).toBe(`All ${total} checks`);
    await screenshotBothThemes(ext, popup, 'popup-summary');

    view = new ReportViewPage(await popup.openReportView(`All ${total} checks`, report.id));
    await view.waitForReady();
    // Opened over the page's tab, so "Show on page" knows where to outline.
    expect(new URL(view.page.url()).searchParams.get('tab')).toMatch(/^\d+$/);
  });

  it('shows every check by category, failed first and the most important first, as the service stored it', async () => {
    const report = made[0]!;
    expect(await view.address()).toBe(report.url);
    expect(await view.tally()).toMatchObject({ failed: failedOf(report).length, total: Object.keys(report.results).length });
    const categories = await view.categories();
    const order = ['SEO', 'Performance', 'Security', 'Miscellaneous', 'Other checks'];
    expect(categories.map((c) => order.indexOf(c.name))).toEqual([...categories.map((c) => order.indexOf(c.name))].sort((a, b) => a - b));
    expect(categories[0]!.name).toBe('SEO');
    expect(categories.flatMap((c) => c.checks.map((check) => check.key)).sort()).toEqual(Object.keys(report.results).sort());
    for (const category of categories) {
      const ranks = category.checks.map((c) => (c.passed ? 3 : 0) + IMPORTANCE_RANK[c.importance]! / 10);
      expect(ranks, category.name).toEqual([...ranks].sort((a, b) => a - b));
      for (const check of category.checks) expect(check.passed, check.key).toBe(report.results[check.key]!.passed);
    }
    const seo = categories[0]!.checks.map((c) => c.key);
    expect(seo).toEqual(expect.arrayContaining(['headings', 'image_keywords']));
    expect(categories.find((c) => c.name === 'Security')?.checks.map((c) => c.key)).toContain('unsafe_cross_origin_links');

    const images = await view.check('image_keywords');
    expect(images).toMatchObject({ name: 'Image alt text', passed: false });
    expect(images.finding).toMatch(/^2 images without alt text/);
    expect(await view.findingItems('image_keywords')).toEqual([
      expect.stringMatching(/\/img\/shoe-red\.png$/),
      expect.stringMatching(/\/img\/shoe-blue\.png$/),
    ]);
    expect((await view.check('headings')).finding).toContain('The page has 2 h1 headings; keep one.');
    expect((await view.check('headings')).finding).toContain('h1 Walking shoes on sale');
    // Nothing widens the page past the window: no sideways scrolling, nothing cut at the right edge.
    expect(await view.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshotBothThemes(ext, view, 'report-view');
  });

  it('filters: failed only, and by importance', async () => {
    const report = made[0]!;
    await view.showOnly('Failed only');
    const failed = (await view.categories()).flatMap((c) => c.checks);
    expect(failed.every((c) => !c.passed)).toBe(true);
    expect(failed.map((c) => c.key).sort()).toEqual(
      failedOf(report)
        .map(([key]) => key)
        .sort(),
    );
    await view.importance('high');
    expect((await view.categories()).flatMap((c) => c.checks.map((check) => check.key)).sort()).toEqual(
      failedOf(report, 'high')
        .map(([key]) => key)
        .sort(),
    );
    await view.importance('all');
    await view.showOnly('All checks');
    expect((await view.categories()).flatMap((c) => c.checks)).toHaveLength(Object.keys(report.results).length);
  });

  it('"Show on page" outlines exactly the images without alt text in the tab, with a count, and a second press removes them', async () => {
    await view.toggleShowOnPage('image_keywords');
    expect(await view.onPageState('image_keywords')).toEqual({ pressed: true, status: '2 outlined in the tab. Press again to remove the outline.' });
    expect(await outlinedIn(tab, 'src')).toEqual(['/img/shoe-red.png', '/img/shoe-blue.png']);
    expect(await tab.$eval('[data-site-report-count]', (badge) => badge.textContent)).toBe('Site Report · Image alt text: 2 outlined');
    // activeTab, granted by the click on the toolbar button in that tab, was enough: no site permission was asked for.
    expect(await ext.hasHostPermission('http://localhost/*')).toBe(false);

    await view.toggleShowOnPage('image_keywords');
    expect(await view.onPageState('image_keywords')).toEqual({ pressed: false, status: '' });
    expect(await outlinedIn(tab, 'src')).toEqual([]);
    expect(await tab.$('[data-site-report-count]')).toBeNull();
  });

  it('outlines the unsafe link and the deprecated tags, one check at a time, and counts what the page no longer has', async () => {
    await view.toggleShowOnPage('unsafe_cross_origin_links');
    expect(await outlinedIn(tab, 'href')).toEqual(['http://127.0.0.1:9/partner']);
    await view.toggleShowOnPage('deprecated_html_tags');
    expect(await tab.$$eval('[data-site-report-outline]', (els) => els.map((el) => el.tagName.toLowerCase()))).toEqual(['center', 'font']);
    expect((await view.onPageState('unsafe_cross_origin_links')).pressed).toBe(false);

    await tab.evaluate(() => document.querySelector('img[src="/img/shoe-blue.png"]')?.remove());
    await view.toggleShowOnPage('image_keywords');
    expect(await outlinedIn(tab, 'src')).toEqual(['/img/shoe-red.png']);
    expect((await view.onPageState('image_keywords')).status).toBe(
      '1 outlined in the tab; 1 not found on the page now. Press again to remove the outline.',
    );
  });

  it('takes the outline away when the page changes', async () => {
    expect((await view.onPageState('image_keywords')).pressed).toBe(true);
    await tab.reload();
    await view.waitForNotPressed('image_keywords');
    expect(await outlinedIn(tab, 'src')).toEqual([]);
  });
});

describe('the report view opened from the options page', () => {
  let view: ReportViewPage;

  it('opens from the reports table', async () => {
    const report = made[0]!;
    const options = await ext.openOptions();
    await options.waitForSelector(`tr[data-report-id="${report.id}"]`, { timeout: 15_000 });
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().includes(`/report.html?id=${report.id}`), { timeout: 10_000 });
    await options.click(`tr[data-report-id="${report.id}"] .rm-actions a`);
    view = new ReportViewPage(await (await opened).asPage());
    await view.waitForReady();
    expect(await view.address()).toBe(report.url);
    expect((await view.check('image_keywords')).passed).toBe(false);
    await options.close();
  });

  it('asks for the site in the click when the tab gave no access, says why when refused, and gives the access back after', async () => {
    // Another site and back: the access the toolbar click gave to that tab is gone.
    await tab.goto(site.url('/elsewhere'));
    await tab.goto(pageUrl);
    await view.page.bringToFront();
    await view.page.reload();
    await view.waitForReady();

    await view.pressShowOnPage('image_keywords');
    await ext.denyPermissionPrompt(view.page);
    await view.page.waitForFunction(() =>
      /was not allowed/.test(document.querySelector('li.check[data-check="image_keywords"] [role="status"]')?.textContent ?? ''),
    );
    expect((await view.onPageState('image_keywords')).status).toBe(
      'Access to localhost was not allowed, so nothing can be outlined there. Opening the popup on that page\'s tab and choosing "All checks" lets the extension in without asking.',
    );
    expect(await outlinedIn(tab, 'src')).toEqual([]);

    await view.pressShowOnPage('image_keywords');
    await ext.grantPermissionPrompt(view.page);
    await view.page.waitForFunction(
      () => document.querySelector('li.check[data-check="image_keywords"] .check__on-page button')?.getAttribute('aria-pressed') === 'true',
    );
    expect(await outlinedIn(tab, 'src')).toEqual(['/img/shoe-red.png', '/img/shoe-blue.png']);
    expect(await ext.hasHostPermission('http://localhost/*')).toBe(true);

    await view.toggleShowOnPage('image_keywords');
    expect(await outlinedIn(tab, 'src')).toEqual([]);
    await expect.poll(() => ext.hasHostPermission('http://localhost/*')).toBe(false);
    // The service's own permission is not the page's to give back.
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    await view.close();
  });
});

describe('after the page is fixed and reported again', () => {
  let view: ReportViewPage;

  it('the popup says what changed in one line', async () => {
    fixed = true;
    await tab.reload();
    const { popup, report } = await reportFromPopup();
    const before = made[0]!;
    const delta = report.result - before.result;
    expect(delta).toBeGreaterThanOrEqual(0);
    const sign = delta > 0 ? `+${delta}` : '±0';
    expect((await popup.summary('result')).change).toBe(`Since the report before: score ${sign}, 1 check fixed.`);
    view = new ReportViewPage(await popup.openReportView(`All ${Object.keys(report.results).length} checks`, report.id));
    await view.waitForReady();
  });

  it('the popup opened again sums up the newest report above the list, and each row opens its report view', async () => {
    const [before, after] = made as [Stored, Stored];
    await PopupPage.closeAll(ext);
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await popup.clickDone();
    expect(await popup.listedReports()).toMatchObject([{ id: after.id }, { id: before.id }]);
    const newest = await popup.summary('list');
    expect(newest.counts).toBe(
      `${failedOf(after).length} failed: ${failedOf(after, 'high').length} high, ${failedOf(after, 'medium').length} medium, ${failedOf(after, 'low').length} low importance`,
    );
    expect(newest.change).toMatch(/^Since the report before: score [+±]\d+, 1 check fixed\.$/);
    expect(newest.all).toBe(`All ${Object.keys(after.results).length} checks`);
    await screenshotBothThemes(ext, popup, 'popup-list-summary');

    const older = ext.browser.waitForTarget((t) => t.url().includes(`/report.html?id=${before.id}&`), { timeout: 10_000 });
    await (await popup.page.$$('.page-reports__list a'))[1]!.click().catch(() => undefined);
    const olderView = new ReportViewPage(await (await older).asPage());
    await olderView.waitForReady();
    expect((await olderView.check('image_keywords')).passed).toBe(false);
    await olderView.close();
  });

  it('"What changed" names the fixed check and the score change, and the chart has both reports', async () => {
    const [before, after] = made as [Stored, Stored];
    const delta = after.result - before.result;
    const changed = await view.whatChanged();
    expect(changed.since).toContain(`score ${before.result} → ${after.result} (${delta > 0 ? `+${delta}` : '±0'})`);
    expect(changed.fixed).toBe('Image alt text');
    expect(changed.broken).toBe('none');
    expect(await view.historyRows()).toEqual([
      expect.stringMatching(new RegExp(`${before.result} \\(${RESULT_LABEL_TEXT[scoreLabel(before.result)]}\\)$`)),
      expect.stringMatching(new RegExp(`${after.result} \\(${RESULT_LABEL_TEXT[scoreLabel(after.result)]}\\), this report$`)),
    ]);
    expect((await view.check('image_keywords')).passed).toBe(true);
    // In front, as a person sees it: the popups opened since left it a hidden tab, which Chromium paints whole and slowly.
    await view.page.bringToFront();
    await screenshotBothThemes(ext, view, 'report-view-what-changed');
  });

  it('"Copy as Markdown" gives the failed checks as a checklist', async () => {
    const report = made[1]!;
    const origin = `chrome-extension://${ext.extensionId}`;
    await ext.browser.defaultBrowserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await view.page.bringToFront();
    await view.clickAction('Copy as Markdown');
    await view.page.waitForFunction(() => document.querySelector('.report__outcome')?.textContent !== '');
    expect(await view.outcome()).toBe('Copied the failed checks as a Markdown checklist.');
    const markdown = await view.page.evaluate(() => navigator.clipboard.readText());
    const lines = markdown.split('\n');
    const failed = failedOf(report);
    const importance = (key: string) => report.results[key]!.importance;
    expect(lines.slice(0, 5)).toEqual([
      `## Site Report: ${report.url}`,
      '',
      `Score ${report.result} (${RESULT_LABEL_TEXT[scoreLabel(report.result)]}), ${failed.length} of ${Object.keys(report.results).length} checks failed. Generated ${report.generated_at.slice(0, 16).replace('T', ' ')} UTC.`,
      `Full report: <${service.baseUrl}/reports/${report.id}>`,
      '',
    ]);
    expect(lines.filter((line) => line.startsWith('- [ ] '))).toHaveLength(failed.length);
    expect(lines).toContain(
      `- [ ] **Headings** (${importance('headings')}): Use exactly one h1, worded differently from the title, and h2 to h6 for the sections below it. Found: The page has 2 h1 headings; keep one.`,
    );
    expect(lines).toContain(
      `- [ ] **Unsafe cross-origin links** (${importance('unsafe_cross_origin_links')}): Add rel="noopener" to the links listed. Found: 1 unsafe link.`,
    );
    expect(markdown).not.toContain('Image alt text');
    expect(lines.indexOf('### SEO')).toBeLessThan(lines.indexOf('### Security'));
  });
});

describe('the report view’s own actions', () => {
  it('regenerates the report, changes who can see it and deletes it, as the service then holds it', async () => {
    const report = made[1]!;
    const view = new ReportViewPage(await ext.newTab(`chrome-extension://${ext.extensionId}/report.html?id=${report.id}`));
    await view.waitForReady();

    await view.clickAction('Regenerate');
    await view.page.waitForFunction(() => /regenerated/.test(document.querySelector('.report__outcome')?.textContent ?? ''), { timeout: 30_000 });
    expect(await view.outcome()).toBe('The report was regenerated: the service audited the page again.');
    const regenerated = await stored(report.id);
    expect(Date.parse(regenerated.generated_at)).toBeGreaterThan(Date.parse(report.generated_at));
    expect(await view.address()).toBe(report.url);

    await view.clickAction('Privacy: Public');
    await view.page.waitForSelector('dialog[open]');
    // The dialogs load on first use; the view's rules, theirs among them, came in report.html as one sheet (the view is built
    // alone and stylesInline writes its sheet in, wxt.config.ts), and none were added after them.
    expect(await view.styleSources()).toEqual({ applied: ['STYLE'], linksDisabled: [true] });
    // In that sheet the shared rules (ui.css) come first and the view's own after them, which override them where they differ.
    const [shared, own] = await view.page.evaluate(() => {
      const selectors = [...document.styleSheets[0]!.cssRules].map((rule) => (rule as CSSStyleRule).selectorText);
      return [selectors.indexOf('.score'), selectors.indexOf('.report')];
    });
    expect(shared).toBeGreaterThanOrEqual(0);
    expect(shared).toBeLessThan(own!);
    await view.page.click('dialog[open] .segment ::-p-text(Private)');
    await view.page.click('dialog[open] button[type="submit"]');
    await view.page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await view.outcome()).toBe('The report is now private.');
    expect((await stored(report.id)).privacy).toBe(1);

    await view.clickAction('Delete');
    await view.page.waitForSelector('dialog[open]');
    await view.page.click('dialog[open] .button--danger');
    await view.page.waitForFunction(() => document.querySelector('main.report')?.getAttribute('data-state') === 'deleted');
    expect(await view.page.$eval('.notice__message', (p) => p.textContent)).toBe(`The report of ${report.url} was deleted. You can close this tab.`);
    const gone = await fetch(`${service.baseUrl}/api/v1/reports/${report.id}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    expect(gone.status).toBe(404);
    await view.close();
  });

  it('says in plain words when the report no longer exists, and when the address names none', async () => {
    const gone = new ReportViewPage(await ext.newTab(`chrome-extension://${ext.extensionId}/report.html?id=${made[1]!.id}`));
    await gone.page.waitForSelector('main.report[data-state="failed"]');
    expect(await gone.page.$eval('.notice__message', (p) => p.textContent)).toBe('This report no longer exists or belongs to another account.');
    await gone.close();
    const none = new ReportViewPage(await ext.newTab(`chrome-extension://${ext.extensionId}/report.html?id=abc`));
    await none.page.waitForSelector('main.report[data-state="invalid"]');
    expect(await none.page.$eval('.notice__message', (p) => p.textContent)).toBe(
      'This address names no report. Open a report from the popup or from the options page.',
    );
    await none.close();
  });
});
