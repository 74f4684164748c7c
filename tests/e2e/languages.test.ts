/**
 * The extension in German and in Arabic: Chromium started with `--lang=de` / `--lang=ar` (see
 * support/browser.ts for what Chromium honours), the production build, the local report service. Connect on
 * the options page, read a report in the report view with its score word, compare it with the one before, delete
 * it; report a page from the popup and see its score word; delete a report in the reports manager. Every expected
 * text is read from that language's catalogue. Arabic reads right to left. Screenshots in test-artifacts/screenshots.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../lib/locales/build.ts';
import type { Locale, PluralForms } from '../../lib/locales/catalogue.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { PopupPage } from './support/pages/popup.ts';
import { CompareReportsPanel } from './support/pages/compare-reports.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';
import { timeFile } from './support/file-timing.ts';

const fileTiming = timeFile('languages.test.ts');
const KEY = 'e2e-languages-key-7d30aa41';
const PAGE = 'https://shop.example.com/walking-shoes';

let service: RunningService;
let site: TestPages;

beforeAll(async () => {
  // One page a language: each language's popup first sees its page without reports.
  const page =
    '<!doctype html><html lang="en"><head><title>Walking shoes</title></head><body><h1>Walking shoes</h1><p>Shoes for long walks.</p></body></html>';
  site = await serveTestPages({ '/de': page, '/ar': page });
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: 1000 }] });
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await fileTiming.done();
});

describe.each([
  ['de', 'ltr'],
  ['ar', 'rtl'],
] as const)('in %s', (locale: Locale, dir) => {
  const catalogue = CATALOGUES[locale] as Record<string, string | PluralForms>;
  const intl = `${locale}-u-nu-latn`;
  /** A text of the catalogue with its placeholders filled, as lib/shared/i18n.ts fills them. */
  const words = (key: string, params: Record<string, string | number> = {}, count?: number) => {
    const entry = catalogue[key]!;
    const text = typeof entry === 'string' ? entry : (entry[new Intl.PluralRules(intl).select(count!)] ?? entry.other);
    const all = count === undefined ? params : { count, ...params };
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = all[name];
      return value === undefined ? whole : typeof value === 'number' ? new Intl.NumberFormat(intl).format(value) : value;
    });
  };
  const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
  /** The element's name as Chromium gives it to a screen reader. */
  const accessibleName = async (page: Page, selector: string) => {
    const element = await page.$(selector);
    if (!element) throw new Error(`Nothing matches ${selector}`);
    const node = await page.accessibility.snapshot({ root: element, interestingOnly: false });
    return (node?.name ?? '').replace(/\s+/g, ' ').trim();
  };
  let ext: ExtensionBrowser;
  let reportId: number;
  let olderId: number;

  beforeAll(async () => {
    const hour = 3600_000;
    const seeded = service.seedReports(KEY, [
      { url: PAGE, score: 91, generatedAt: new Date(Date.now() - 30 * 24 * hour).toISOString() },
      { url: PAGE, score: 62, generatedAt: new Date(Date.now() - 2 * hour).toISOString() },
    ]);
    reportId = seeded[1]!.id;
    olderId = seeded[0]!.id;
    ext = await launchExtensionBrowser({ lang: locale });
    await ext.grantHostPermission(service.baseUrl);
  });

  afterAll(async () => {
    await ext?.close();
  });

  it('connects on the options page, which speaks the language and reads in its direction', async () => {
    const options = await ext.openOptions();
    await options.waitForSelector('main.options[data-state="ready"] form.connection');
    expect(await options.$eval('html', (html) => [html.lang, html.dir, document.title])).toEqual([locale, dir, words('pageTitleOptions')]);
    expect(await text(options, '#connection-heading')).toBe(words('optionsConnection'));
    expect(await text(options, 'label[for="service-address"]')).toBe(words('addressLabel'));
    expect(await text(options, '#api-key-saved')).toBe(words('keyNone'));

    // The form's own check, in the language: a key too short to be one.
    await options.type('#service-address', service.baseUrl);
    await options.type('#api-key', 'short');
    await options.click('form.connection button[type="submit"]');
    await options.waitForSelector('#api-key-error');
    expect(await text(options, '#api-key-error')).toBe(words('keyTooShort', { length: 5, minimum: 12 }));

    await options.$eval('#api-key', (input) => ((input as HTMLInputElement).value = ''));
    await options.type('#api-key', KEY);
    await options.click('form.connection button[type="submit"]');
    await options.waitForSelector('section.account[data-state="ready"]', { timeout: 20_000 });
    expect(await text(options, 'form.connection .notice--info')).toBe(words('connectionConnected', { host: new URL(service.baseUrl).host }));
    expect(await options.$$eval('section.account dd', (dds) => dds.map((dd) => dd.textContent?.trim()))).toEqual([
      'Ada Lovelace',
      'ada@example.com',
      expect.any(String),
      // A quota keeps four digits together (lib/options/connection-form.ts).
      words('accountQuota', { count: new Intl.NumberFormat(intl, { useGrouping: 'min2' }).format(1000) }, 1000),
    ]);
    // Right to left: the label's words start at the right edge of their card and leave the left one free.
    const { fromStart, fromEnd } = await options.$eval('label[for="service-address"]', (el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const words = range.getBoundingClientRect();
      const card = el.closest('.card')!.getBoundingClientRect();
      return { fromStart: words.left - card.left, fromEnd: card.right - words.right };
    });
    expect(dir === 'rtl' ? fromEnd < fromStart : fromStart < fromEnd).toBe(true);
    await ext.screenshot(options, `options-connected-${locale}`);
    await options.close();
  });

  it('shows a report with its score word, what changed, and its checks, in the language', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    expect(await view.$eval('html', (html) => [html.lang, html.dir])).toEqual([locale, dir]);
    expect(await view.evaluate(() => document.title)).toBe(words('pageTitleReport', { address: 'shop.example.com/walking-shoes' }));
    // 62 is decent: the same word as in the catalogue the popup and the badge read.
    expect(await text(view, '.report__facts .score__label')).toBe(words('scoreDecent'));
    expect(await text(view, '#changes-heading')).toBe(words('changesHeading'));
    expect(await text(view, 'section.category[data-category="seo"] .category__name')).toContain(words('categorySeo'));
    expect(await text(view, 'li.check[data-check="title"] .check__name')).toContain(words('checkTitle'));
    const failedTitle = await view.$eval('li.check[data-check="title"]', (li) => li.getAttribute('data-passed') === 'false');
    expect(await text(view, 'li.check[data-check="title"] .check__verdict')).toBe(words(failedTitle ? 'checkFailed' : 'checkPassed'));
    // Right to left: each check's mark sits to the right of its name.
    const { mark, name } = await view.$eval('li.check .check__head', (head) => ({
      mark: head.querySelector('.check__mark')!.getBoundingClientRect().left,
      name: head.querySelector('.check__name')!.getBoundingClientRect().left,
    }));
    expect(dir === 'rtl' ? mark > name : mark < name).toBe(true);
    await ext.screenshot(view, `report-view-${locale}`);

    // "Compare with…" the address's older report, in the language; in Arabic the report shown sits on the right.
    const compare = CompareReportsPanel.on(view);
    await compare.openPicker();
    expect(await compare.pickerLabel()).toBe(words('comparePickerLabel'));
    await compare.compareWith(olderId);
    expect(await text(view, '.comparison__side[data-side="here"] h3')).toBe(words('compareThisReport'));
    const sides = await view.$eval('.comparison__sides', (el) => ({
      here: el.querySelector('[data-side="here"]')!.getBoundingClientRect().left,
      there: el.querySelector('[data-side="there"]')!.getBoundingClientRect().left,
    }));
    expect(dir === 'rtl' ? sides.here > sides.there : sides.here < sides.there).toBe(true);
    await ext.screenshot(view, `compare-reports-${locale}`);

    // Delete it, from the report view.
    await view.click('.report__buttons .button--danger');
    await view.waitForSelector('dialog[open]');
    expect(await text(view, 'dialog[open] .dialog__title')).toBe(words('deleteTitle'));
    await ext.screenshot(view, `report-delete-${locale}`);
    await view.click('dialog[open] .button--danger');
    await view.waitForSelector('main.report[data-state="deleted"]', { timeout: 15_000 });
    expect(await text(view, 'main.report .notice__message')).toBe(words('reportDeleted', { address: 'shop.example.com/walking-shoes' }));
    const gone = await fetch(`${service.baseUrl}/api/v1/reports/${reportId}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    expect(gone.status).toBe(404);
    await view.close();
  });

  it('reports a page from the popup, which speaks the language, reads in its direction and shows the score word', async () => {
    const tab = await ext.newTab(site.url(`/${locale}`));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    expect(await popup.page.$eval('html', (html) => [html.lang, html.dir, document.title])).toEqual([locale, dir, words('extName')]);
    expect(await text(popup.page, '.popup__header h1')).toBe(words('menuReportPage'));
    expect(await text(popup.page, '#page-address-label')).toBe(words('popThisPage'));
    expect(await text(popup.page, '.page-reports__empty')).toBe(words('popNoReports'));
    expect(await text(popup.page, '.report-form__submit')).toBe(words('popCreate'));
    // Right to left: the heading starts at the right, the Options button sits to its left.
    const { heading, button } = await popup.page.$eval('.popup__header', (header) => ({
      heading: header.querySelector('h1')!.getBoundingClientRect().left,
      button: header.querySelector('button')!.getBoundingClientRect().left,
    }));
    expect(dir === 'rtl' ? heading > button : heading < button).toBe(true);

    await popup.page.click('input[name="privacy"][value="1"]');
    await popup.page.click('.report-form__submit');
    expect(await popup.waitForJob(['done', 'failed'], 30_000)).toBe('done');
    expect(await text(popup.page, '#result-heading')).toBe(words('notifyReady'));
    const label = await popup.page.$eval('.result__score .score', (score) => score.getAttribute('data-label') ?? '');
    const scoreKey = { good: 'scoreGood', decent: 'scoreDecent', bad: 'scoreBad' }[label];
    expect(scoreKey).toBeDefined();
    expect(await text(popup.page, '.result__score .score__label')).toBe(words(scoreKey!));
    expect(await text(popup.page, '.result__meta')).toContain(words('privacyPrivate'));
    await ext.screenshot(popup.page, `popup-${locale}`);
    await popup.page.close();
    await tab.close();
  });

  it('deletes a report in the reports manager, in the language', async () => {
    const options = await ext.openOptions();
    const row = `section.rm[data-state="idle"] tr[data-report-id="${olderId}"]`;
    await options.waitForSelector(row, { timeout: 15_000 });
    expect(await text(options, '#rm-heading')).toBe(words('rmHeading'));
    expect(await text(options, `${row} .rm-col-actions .button--danger`)).toBe(words('actionDelete'));
    expect(await accessibleName(options, `${row} .rm-col-actions .button--danger`)).toBe(`${words('actionDelete')} ${PAGE.replace('https://', '')}`);
    await options.click(`${row} .rm-col-actions .button--danger`);
    await options.waitForSelector('dialog[open]');
    expect(await text(options, 'dialog[open] .dialog__title')).toBe(words('deleteTitle'));
    await ext.screenshot(options, `reports-manager-delete-${locale}`);
    await options.click('dialog[open] .button--danger');
    await options.waitForSelector(row, { hidden: true, timeout: 15_000 });
    const gone = await fetch(`${service.baseUrl}/api/v1/reports/${olderId}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    expect(gone.status).toBe(404);
    await ext.screenshot(options, `reports-manager-${locale}`);
    await options.close();
  });
});
