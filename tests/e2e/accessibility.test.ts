/**
 * Every screen of the extension against axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules, in the
 * production build in Chromium against the local report service: the popup in each of its states,
 * the options page with the reports manager and each of its dialogs, the report view (a dialog
 * open too), the comparison, the site view, the sitemap planner, and the side panel with the
 * report it frames. English in light and dark, and
 * Arabic (right to left). One browser a language; each page is checked in light, then in dark.
 */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../lib/locales/build.ts';
import type { Locale } from '../../lib/locales/catalogue.ts';
import { siteViewPath } from '../../lib/shared/site-view-address.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { sitemapSiteRoutes } from '../service/sitemap-sites.ts';
import { startPageServer, type PageServer } from '../service/test-pages.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { CompareReportsPanel } from './support/pages/compare-reports.ts';
import { PopupPage } from './support/pages/popup.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { SitemapPlannerPage } from './support/pages/sitemap-planner.ts';

const fileTiming = timeFile('accessibility.test.ts');
const KEY = 'e2e-accessibility-key-51c0e9';
const HOUR = 3_600_000;

let service: RunningService;
let site: PageServer;

beforeAll(async () => {
  site = await startPageServer({
    ...sitemapSiteRoutes(),
    // A page a language: each language's reports are its own.
    '/shoes-en': { body: '<!doctype html><html lang="en"><head><title>Walking shoes</title></head><body><h1>Walking shoes</h1></body></html>' },
    '/shoes-ar': { body: '<!doctype html><html lang="en"><head><title>Walking shoes</title></head><body><h1>Walking shoes</h1></body></html>' },
    '/failing-en': { body: '<!doctype html><html lang="en"><head><title>Failing</title></head><body><h1>Failing</h1></body></html>' },
    '/failing-ar': { body: '<!doctype html><html lang="en"><head><title>Failing</title></head><body><h1>Failing</h1></body></html>' },
    '/new': { body: '<!doctype html><html lang="en"><head><title>New page</title></head><body><h1>New</h1></body></html>' },
  });
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: 1000 }] });
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await fileTiming.done();
});

/**
 * Runs axe on the page as it is now, and on each of `frames` in it; in both schemes when asked. Every
 * violation is named in the failure.
 */
async function expectAccessible(page: Page, screen: string, schemes: ('light' | 'dark')[], frames: Frame[] = []): Promise<void> {
  for (const scheme of schemes) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    for (const [where, target] of [[screen, page] as const, ...frames.map((frame) => [`${screen}, framed ${frame.url()}`, frame] as const)]) {
      const violations = await axeViolations(target);
      expect.soft(violations, `${where} (${scheme}):\n${describeViolations(violations)}`).toEqual([]);
    }
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
}

/** A chart's edge dates as drawn: where their first and last characters sit, the one drawn leftmost, and their box. */
function edgeDates(page: Page, chart: string) {
  return page.$$eval(`${chart} .history__chart text.history__tick`, (ticks) =>
    ticks.slice(-2).map((tick) => {
      const label = tick as SVGTextElement;
      const count = label.getNumberOfChars();
      const xs = Array.from({ length: count }, (_, i) => label.getStartPositionOfChar(i).x);
      const text = label.textContent ?? '';
      const box = label.getBBox();
      const width = (label.ownerSVGElement as SVGSVGElement).viewBox.baseVal.width;
      return {
        text,
        firstX: xs[0]!,
        lastX: xs[count - 1]!,
        leftmost: text[xs.indexOf(Math.min(...xs))],
        inside: box.x >= 0 && box.x + box.width <= width,
      };
    }),
  );
}

/**
 * The dates read in the page's direction: in Arabic a date's first character is drawn right of its
 * last, and no "/" or mark leads it on the left (the stray "/" of a date ordered left to right).
 */
async function expectDatesReadIn(page: Page, chart: string, dir: 'ltr' | 'rtl'): Promise<void> {
  const dates = await edgeDates(page, chart);
  expect(dates).toHaveLength(2);
  for (const date of dates) {
    expect(date.text).toMatch(/\d/);
    expect(dir === 'rtl' ? date.firstX > date.lastX : date.firstX < date.lastX, date.text).toBe(true);
    expect(date.leftmost, date.text).toMatch(dir === 'rtl' ? /[^/\u200e\u200f\s]/ : /\w/);
    expect(date.inside, date.text).toBe(true);
  }
}

/**
 * Each element's text as drawn, left to right: its characters ordered by where they show, on one line.
 * "−26" drawn as "26−", or an address's "/" drawn at its start, is what right-to-left text does to
 * numbers and addresses that are not set apart.
 */
function drawnLeftToRight(page: Page, selector: string) {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      // Preact may draw "(", the number and ")" as text nodes of their own: each character with its node.
      const chars: { char: string; left: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          if (/[\s\u200e\u200f\u061c]/.test(node.data[i]!)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          chars.push({ char: node.data[i]!, left: range.getBoundingClientRect().left });
        }
      }
      return chars
        .sort((x, y) => x.left - y.left)
        .map((c) => c.char)
        .join('');
    }),
  );
}

describe.each([
  ['en', 'ltr', ['light', 'dark']],
  ['ar', 'rtl', ['light', 'dark']],
] as const)('in %s', (locale: Locale, dir, schemes) => {
  let ext: ExtensionBrowser;
  let tab: Page;
  let newTab: Page;
  let failingTab: Page;
  let reportId: number;
  let olderId: number;
  let project: string;
  const check = (page: Page, screen: string, frames: Frame[] = []) => expectAccessible(page, `${locale} ${screen}`, [...schemes], frames);

  beforeAll(async () => {
    const url = site.url(`/shoes-${locale}`);
    const seeded = service.seedReports(KEY, [
      { url, score: 91, generatedAt: new Date(Date.now() - 30 * 24 * HOUR).toISOString() },
      { url, score: 74, generatedAt: new Date(Date.now() - 9 * 24 * HOUR).toISOString() },
      { url, score: 48, generatedAt: new Date(Date.now() - 2 * HOUR).toISOString() },
      { url: site.url('/'), score: 66, password: 'seeded-pass' },
    ]);
    reportId = seeded[2]!.id;
    olderId = seeded[1]!.id;
    project = seeded[0]!.project;
    ext = await launchExtensionBrowser({ lang: locale });
    tab = await ext.newTab(url);
    newTab = await ext.newTab(site.url('/new'));
    failingTab = await ext.newTab(site.url(`/failing-${locale}`));
  });

  afterAll(async () => {
    await ext?.close();
  });

  it('the popup, not connected yet', async () => {
    const home = await ext.newTab(site.url('/'));
    const popup = await PopupPage.openOn(ext, home);
    await popup.settled();
    // The address reads left to right, its trailing "/" last, in Arabic too.
    expect(await drawnLeftToRight(popup.page, '#page-address-value')).toEqual([site.url('/')]);
    await check(popup.page, 'popup not connected');
    await popup.close();
    await home.close();
  });

  it('the options page and the reports manager with each of its dialogs', async () => {
    await ext.grantHostPermission(service.baseUrl);
    const manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
    const options = manager.page;
    await options.waitForSelector(`section.rm[data-state="idle"] tr[data-report-id="${reportId}"]`, { timeout: 15_000 });
    await options.waitForSelector('section.account[data-state="ready"]', { timeout: 15_000 });
    await check(options, 'options with the reports manager');
    // The foot links the privacy policy, PRIVACY.md as built in.
    const privacy = await options.$eval('.options__footer a', async (a) => [
      a.textContent,
      (await (await fetch((a as HTMLAnchorElement).href)).text()).split('\n')[0],
    ]);
    expect(privacy).toEqual([CATALOGUES[locale].optionsPrivacyLink, '# Privacy']);

    const dialog = async (screen: string, open: () => Promise<void>) => {
      await open();
      await options.waitForSelector('dialog[open]');
      await check(options, screen);
      await options.keyboard.press('Escape');
      await manager.waitForNoDialog();
    };
    await dialog('privacy dialog', () => options.click(`tr[data-report-id="${reportId}"] .rm-col-actions button:nth-of-type(1)`));
    await dialog('delete dialog', () => options.click(`tr[data-report-id="${reportId}"] .rm-col-actions .button--danger`));
    await options.click('thead input[type="checkbox"]');
    await dialog('bulk delete dialog', () => options.click('.rm-selection .button--danger'));
    await dialog('bulk regenerate dialog', () => manager.selectionButton(CATALOGUES[locale].actionRegenerate));

    // A pasted list with an invalid and a repeated line, named under the field.
    await options.$eval(
      '#address-list-text',
      (area, text) => {
        (area as HTMLTextAreaElement).value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      },
      [site.url('/a'), 'not an address', site.url('/a'), site.url('/b')].join('\n'),
    );
    await options.waitForFunction(() => document.querySelector('#address-list-preview')?.textContent);
    await check(options, 'address list with its preview');
    await options.close();
  });

  it('the report view, with a dialog open, and the comparison', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    await check(view, 'report view');
    await expectDatesReadIn(view, '.history', dir);
    expect(await drawnLeftToRight(view, '.changes__delta')).toEqual(['(−26)']);
    await view.click('.report__buttons .button--danger');
    await view.waitForSelector('dialog[open]');
    await check(view, 'report view, delete dialog');
    await view.keyboard.press('Escape');
    await view.waitForFunction(() => !document.querySelector('dialog[open]'));

    const compare = CompareReportsPanel.on(view);
    await compare.openPicker();
    await check(view, 'compare picker');
    await compare.compareWith(olderId);
    await check(view, 'comparison');
    expect(await drawnLeftToRight(view, '.comparison .changes__delta')).toEqual(['−26']);
    await view.close();
  });

  it('the site view', async () => {
    const view = await ext.openPage(siteViewPath(project));
    await view.waitForSelector('main.site[data-phase="done"]', { timeout: 30_000 });
    await check(view, 'site view');
    await expectDatesReadIn(view, '.site-trend', dir);
    await view.close();
  });

  it('the sitemap planner, before and after reading', async () => {
    const planner = new SitemapPlannerPage(await ext.openPage(SitemapPlannerPage.path(site.origin)));
    await planner.waitForIdle();
    await check(planner.page, 'sitemap planner');
    await planner.clickRead();
    await planner.settled();
    await check(planner.page, 'sitemap planner, read');
    await planner.close();
  });

  it('the side panel: the report it frames, and a page with none', async () => {
    await ext.grantHostPermission(service.baseUrl);
    // Connected as the options page connects, so that this test also runs alone.
    const options = await ext.openOptions();
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    );
    await options.close();
    await PopupPage.closeAll(ext);
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().endsWith('/sidepanel.html'), { timeout: 10_000 });
    await popup.page.locator(`::-p-text(${CATALOGUES[locale].openBeside})`).click();
    const panel = (await (await opened).asPage())!;
    const framed = async () => {
      for (let i = 0; i < 100; i++) {
        const frame = panel.frames().find((f) => f.url().includes('/report.html?'));
        if (frame && (await frame.$('main.report[data-state="ready"]').catch(() => null))) return frame;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('No report framed in the side panel');
    };
    const frame = await framed();
    expect(await frame.$eval('html', (html) => html.dir)).toBe(dir);
    await check(panel, 'side panel with a report', [frame]);

    // A page of this language with no report yet (the one the popup test below fails to report).
    await failingTab.bringToFront();
    await panel.waitForSelector('.panel__none button', { timeout: 10_000 });
    await check(panel, 'side panel, no report yet');
    await panel.close();
    await tab.bringToFront();
  });

  it('the popup: ready with reports, password form, running, failed, queued', async () => {
    await PopupPage.closeAll(ext);
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await check(popup.page, 'popup ready with reports');
    await popup.page.click('input[name="privacy"][value="2"]');
    await popup.page.waitForSelector('input[type="password"]');
    await check(popup.page, 'popup password form');
    await popup.close();

    service.configure({ latencyMs: 1500 });
    const fresh = await PopupPage.openOn(ext, newTab);
    await fresh.waitForReady();
    await fresh.page.click('input[name="privacy"][value="1"]');
    await fresh.page.click('.report-form__submit');
    await fresh.waitForJob(['running']);
    await check(fresh.page, 'popup report running');
    await fresh.waitForJob(['done', 'failed'], 30_000);
    service.configure({ latencyMs: 0 });
    await fresh.close();

    // The service drops the connection: the popup fails in words and offers to wait for it.
    service.configure({ dropAfterCreate: true });
    const failing = await PopupPage.openOn(ext, failingTab);
    await failing.waitForReady();
    await failing.page.click('input[name="privacy"][value="1"]');
    await failing.page.click('.report-form__submit');
    expect(await failing.waitForJob(['done', 'failed'], 30_000)).toBe('failed');
    service.configure({ dropAfterCreate: false });
    await check(failing.page, 'popup failed with a message');
    await failing.page.click('.notice .button--primary');
    await failing.page.waitForSelector('[data-queued="true"]');
    await check(failing.page, 'popup with the page queued');
    await failing.page.click('[data-queued="true"] .button');
    await fresh.close();
  });
});
