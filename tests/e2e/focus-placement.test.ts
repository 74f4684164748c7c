/**
 * Where the focus goes when a page opens or its view changes, and what the popup's live region
 * says, in Chromium on the production build. The popup opens on "Create report" (on the password
 * field when Password is chosen); a run moves the focus to its heading, then to the result's link,
 * a failure to its first way forward, a queued report to its notice, and the live region says each; a popup that
 * cannot read the page's state opens on "Try again".
 * The report and site views open on their h1, the options page on the heading of the section its
 * address names. A dialog closed with Escape gives the focus back to the control that opened it.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { serveTestPages, type TestPages } from './support/test-pages';
import { waitUntil } from './support/stand-ins';

const KEY = 'e2e-focus-placement-key-0a6c3d';
const PAGE = '<!doctype html><html lang="en"><head><title>Focus</title></head><body><h1>Focus</h1></body></html>';

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let reportId: number;
let project: string;

/** Starts keeping every text the page's live region shows, in order. */
const recordTold = (page: Page) =>
  page.evaluate(() => {
    const told: string[] = [];
    Object.defineProperty(window, '__told', { value: told, configurable: true });
    new MutationObserver(() => {
      const text = document.querySelector('[data-live-region]')?.textContent?.trim();
      if (text && told.at(-1) !== text) told.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
const told = (page: Page) => page.evaluate(() => (window as unknown as { __told: string[] }).__told);
/** Waits until the live region has said `count` texts (it speaks a moment after it appears). */
const waitForTold = (page: Page, count: number) =>
  page.waitForFunction((n: number) => (window as unknown as { __told: string[] }).__told.length >= n, { timeout: 10_000 }, count);
const isFocused = (page: Page, selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
/** Waits until `selector` has the focus; on a timeout, says what has it instead. */
async function waitForFocus(page: Page, selector: string): Promise<void> {
  try {
    await page.waitForFunction((sel: string) => document.activeElement?.matches(sel), { timeout: 5_000 }, selector);
  } catch {
    throw new Error(`${selector} never had the focus; ${await focused(page)} has it`);
  }
}

/** The focused element, described enough to tell which it is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el && el !== document.body
      ? `${el.localName}${el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}: ${el.textContent?.trim()}`
      : 'body';
  });

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/focus': PAGE, '/fails': PAGE, '/waits': PAGE, '/secret': PAGE, '/unread': PAGE });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission('http://127.0.0.1/*');
  const options = await ext.openOptions();
  expect(
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    ),
  ).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('the focus, placed where the view changed', { timeout: 60_000 }, () => {
  it('opens the popup on "Create report"; a run focuses its heading, then the result’s link, and is told', async () => {
    service.configure({ latencyMs: 700 });
    const tab = await ext.newTab(site.url('/focus'));
    const popup = await ext.openPopupOn(tab);
    await popup.waitForSelector('main.popup[data-state="ready"] .report-form__submit');
    await waitForFocus(popup, '.report-form__submit');
    await popup.waitForSelector('[data-live-region]');
    await recordTold(popup);
    await popup.keyboard.press('Enter');
    await waitForFocus(popup, 'section.job h2#job-heading');
    await popup.waitForSelector('section.result[data-job="done"]', { timeout: 30_000 });
    await waitForFocus(popup, 'section.result a.button--primary');
    expect(await focused(popup)).toMatch(/^a\.button\.button--primary: /);
    await waitForTold(popup, 2);
    const host = new URL(site.url('/focus')).host;
    expect(await told(popup)).toEqual([`Reporting ${host}/focus…`, expect.stringMatching(/^Report ready: score \d+\. Private\.$/)]);
    reportId = Number(new URL(await popup.$eval('section.result a.button--primary', (a) => (a as HTMLAnchorElement).href)).searchParams.get('id'));
    expect(reportId).toBeGreaterThan(0);
    // "Done" takes the result away: the form is back, with the focus on its button.
    await popup.click('section.result .result__actions button');
    await waitForFocus(popup, '.report-form__submit');
    await popup.close();
    service.configure({ latencyMs: 0 });
  });

  it('puts a failure’s way forward in focus and tells the failure in words', async () => {
    service.configure({ reportsPerMonth: 0 });
    try {
      const tab = await ext.newTab(site.url('/fails'));
      const popup = await ext.openPopupOn(tab);
      await waitForFocus(popup, 'main.popup[data-state="ready"] .report-form__submit');
      await popup.waitForSelector('[data-live-region]');
      await recordTold(popup);
      await popup.keyboard.press('Enter');
      await popup.waitForSelector('.report-form .notice--error', { timeout: 15_000 });
      await waitForFocus(popup, '.report-form .notice--error button');
      await waitForTold(popup, 2);
      const message = await popup.$eval('.report-form .notice--error .notice__message', (p) => p.textContent?.trim());
      expect(message).toBeTruthy();
      expect(await told(popup)).toEqual([`Reporting ${new URL(site.url('/fails')).host}/fails…`, `The report failed: ${message}`]);
      await popup.close();
    } finally {
      // The next tests report again, whatever this one found.
      service.configure({ reportsPerMonth: -1 });
    }
  });

  it('puts "Try again" in focus when the page’s state cannot be read', async () => {
    // The worker's storage answers no read: the popup's question about the page fails.
    const readable = (on: boolean) =>
      ext.worker().then((worker) =>
        worker.evaluate((on) => {
          const local = (globalThis as unknown as { chrome: typeof browser }).chrome.storage.local as unknown as {
            get: unknown;
            readableGet?: unknown;
          };
          local.readableGet ??= local.get;
          local.get = on ? local.readableGet : () => Promise.reject(new Error('The storage is unreadable'));
        }, on),
      );
    await readable(false);
    try {
      const tab = await ext.newTab(site.url('/unread'));
      const popup = await ext.openPopupOn(tab);
      await popup.waitForSelector('main.popup[data-state="failed"] .notice button', { timeout: 15_000 });
      await waitForFocus(popup, 'main.popup .notice button');
      expect(await focused(popup)).toBe('button.button: Try again');
      await popup.close();
      await tab.close();
    } finally {
      await readable(true);
    }
  });

  it('puts the queued notice in focus when a report is queued, and tells it', async () => {
    service.configure({ dropAfterCreate: true });
    try {
      const tab = await ext.newTab(site.url('/waits'));
      const popup = await ext.openPopupOn(tab);
      await waitForFocus(popup, 'main.popup[data-state="ready"] .report-form__submit');
      await popup.waitForSelector('[data-live-region]');
      await recordTold(popup);
      await popup.keyboard.press('Enter');
      await waitForFocus(popup, '.report-form .notice--error button.button--primary');
      expect(await popup.$eval('.report-form .notice--error button.button--primary', (b) => b.textContent?.trim())).toBe(
        'Report when the service is back',
      );
      await popup.keyboard.press('Enter');
      await waitForFocus(popup, 'section.queued h2#queued-heading');
      await waitForTold(popup, 3);
      expect((await told(popup)).at(-1)).toBe('The report waits for the service: it will be made when the service is back.');
      service.configure({ dropAfterCreate: false });
      await popup.click('section.queued button');
      await popup.waitForSelector('section.queued', { hidden: true });
      await popup.close();
    } finally {
      service.configure({ dropAfterCreate: false });
    }
  });

  it('opens the popup on the password field when Password is chosen', async () => {
    const tab = await ext.newTab(site.url('/secret'));
    let popup = await ext.openPopupOn(tab);
    await popup.waitForSelector('main.popup[data-state="ready"] .report-form__submit');
    await popup.click('::-p-aria([name="Password"][role="radio"])');
    await popup.waitForSelector('#report-password');
    // The radio keeps the focus while choosing.
    expect(await isFocused(popup, 'input[name="privacy"]')).toBe(true);
    await popup.close();
    popup = await ext.openPopupOn(tab);
    await popup.waitForSelector('main.popup[data-state="ready"] #report-password');
    await waitForFocus(popup, '#report-password');
    await popup.click('::-p-aria([name="Private"][role="radio"])');
    await popup.close();
  });

  it('opens the report view on its h1 (at #changes, on that section’s heading), and keeps it on Regenerate', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"]');
    await waitForFocus(view, 'h1.report__address[tabindex="-1"]');
    project = new URL(await view.$eval('a.report__site', (a) => (a as HTMLAnchorElement).href)).searchParams.get('project') ?? '';
    expect(project).not.toBe('');
    // Regenerated, the report is drawn again around the button that asked for it, which keeps the focus.
    await view.focus('.report__buttons button');
    // The buttons are disabled while the service regenerates, which on loopback can take less than a frame:
    // every change is watched, rather than polled for at each frame.
    await view.evaluate(() => {
      const seen = { disabled: false };
      Object.assign(window, { __regenerating: seen });
      new MutationObserver(() => {
        if (document.querySelector('.report__buttons button[aria-disabled="true"]')) seen.disabled = true;
      }).observe(document.querySelector('main.report')!, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-disabled'] });
    });
    await view.keyboard.press('Enter');
    await view.waitForFunction(() => (window as unknown as { __regenerating: { disabled: boolean } }).__regenerating.disabled, { timeout: 15_000 });
    await view.waitForSelector('.report__buttons button[aria-disabled="false"]', { timeout: 15_000 });
    expect(await isFocused(view, '.report__buttons button:first-child')).toBe(true);
    await view.close();
    const changes = await ext.openPage(`/report.html?id=${reportId}#changes`);
    await changes.waitForSelector('main.report[data-state="ready"]');
    await waitForFocus(changes, '#changes-heading');
    await changes.close();
  });

  it('opens the site view on its h1, and leaves the focus on Refresh while the site is read again', async () => {
    const view = await ext.openPage(`/site.html?project=${encodeURIComponent(project)}`);
    await waitForFocus(view, 'h1.site__project[tabindex="-1"]');
    await view.waitForFunction(() => document.querySelector('main.site')?.getAttribute('data-phase') === 'done', { timeout: 15_000 });
    expect(await isFocused(view, 'h1.site__project')).toBe(true);
    await view.focus('button[data-action="refresh"]');
    const asked = service.requestLog.length;
    await view.keyboard.press('Enter');
    await waitUntil('the site read again', async () => service.requestLog.slice(asked).some((r) => r.method === 'GET'));
    await view.waitForFunction(() => document.querySelector('main.site')?.getAttribute('data-phase') === 'done', { timeout: 15_000 });
    expect(await isFocused(view, 'button[data-action="refresh"]')).toBe(true);
    await view.close();
  });

  it('opens the options page on the heading of the section its address names, and follows the section links', async () => {
    const options = await ext.openPage('/options.html#preferences');
    await waitForFocus(options, '#preferences h2');
    expect(await options.evaluate(() => document.activeElement === document.querySelector('#preferences h2'))).toBe(true);
    await options.focus('nav a[href="#reports"]');
    await options.keyboard.press('Enter');
    await waitForFocus(options, '#reports h2');
    expect(await options.evaluate(() => document.activeElement === document.querySelector('#reports h2'))).toBe(true);
    await options.close();
  });

  it('goes back to "Delete" in the report view when its dialog is closed with Escape', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"] .report__buttons .button--danger');
    await view.focus('.report__buttons .button--danger');
    const opener = await focused(view);
    await view.keyboard.press('Enter');
    await view.waitForSelector('dialog[open]');
    expect(await focused(view)).not.toBe(opener);
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });
    expect(await focused(view)).toBe(opener);
    await view.close();
  });

  it('goes back to the row in the reports manager when its delete dialog is closed with Escape', async () => {
    const options = await ext.openOptions();
    const box = `tr.rm-row[data-report-id="${reportId}"] input[type="checkbox"]`;
    await options.waitForSelector(box, { timeout: 15_000 });
    await options.focus(box);
    await options.keyboard.press('Delete');
    await options.waitForSelector('dialog[open]');
    expect(await options.evaluate(() => document.querySelector('dialog[open]')?.contains(document.activeElement))).toBe(true);
    expect(await options.evaluate((sel) => document.activeElement === document.querySelector(sel), box)).toBe(false);
    await options.keyboard.press('Escape');
    await options.waitForSelector('dialog[open]', { hidden: true });
    expect(await options.evaluate((sel) => document.activeElement === document.querySelector(sel), box)).toBe(true);
    await options.close();
  });
});
