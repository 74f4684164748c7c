/**
 * One journey through the extension by keyboard alone, in Chromium on the production build:
 * connect on the options page, report a page from the popup, open the report, move through its
 * failed checks with n/p, show one on the page and step through its findings, then delete the
 * report from the reports manager (arrows, Delete, confirm). Every press is `page.keyboard`; the
 * pages are opened as the browser opens them (the toolbar button, the options page, links). A
 * capture-phase listener in every page counts mouse and pointer events, which must stay 0.
 */
import type { KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { waitUntil } from './support/stand-ins';
import { serveTestPages, type TestPages } from './support/test-pages';

const KEY = 'e2e-keyboard-journey-key-3f8a61';
const PAGE = `<!doctype html><html lang="en"><head><title>By keyboard</title></head><body><h1>By keyboard</h1>
  <center id="old-1">One</center><div style="height: 1200px"></div><font id="old-2">Two</font>
  <div style="height: 1200px"></div><center id="old-3">Three</center><img src="/a.png"></body></html>`;

/** The events a mouse, pen or finger makes; none comes from a key. */
const POINTER_EVENTS = ['mousedown', 'mouseup', 'mousemove', 'pointerdown', 'pointerup', 'pointermove', 'wheel', 'contextmenu', 'touchstart'];

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let tab: Page;
let options: Page;
let view: Page;
let reportId: number;
/** Every page the journey has used, for the count of pointer events at the end. */
const used: Page[] = [];

/** Starts counting the pointer events `page` receives, before anything else can see them. */
async function countPointers(page: Page): Promise<void> {
  await page.evaluate((names: string[]) => {
    const counted = window as unknown as { __pointerEvents?: number };
    if (counted.__pointerEvents !== undefined) return;
    counted.__pointerEvents = 0;
    for (const name of names) window.addEventListener(name, () => (counted.__pointerEvents! += 1), { capture: true });
  }, POINTER_EVENTS);
  used.push(page);
}
const pointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { __pointerEvents?: number }).__pointerEvents ?? -1);

/** What has the focus in `page`: its tag, id, accessible words and role. */
const focusIn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.localName ?? '',
      id: el?.id ?? '',
      words: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });

/** Presses Tab until the focus is on an element matching `selector`; fails if it never gets there. */
async function tabTo(page: Page, selector: string, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel: string) => document.activeElement?.matches(sel) ?? false, selector)) return;
    if (back) {
      await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      await page.keyboard.up('Shift');
    } else await page.keyboard.press('Tab');
  }
  throw new Error(`${selector} is not reached with Tab in ${max} presses; the focus is on ${JSON.stringify(await focusIn(page))}`);
}

/** Replaces what the focused field holds: Control+A, then the words. */
async function selectAllAndType(page: Page, words: string): Promise<void> {
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.type(words);
}

async function press(page: Page, key: KeyInput): Promise<void> {
  await page.keyboard.press(key);
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/journey': PAGE });
  ext = await launchExtensionBrowser();
  // The browser's prompt for the service's and the page's site is answered yes ahead of time: no prompt to click.
  await ext.preapproveHostPermission(service.baseUrl);
  await ext.preapproveHostPermission('http://127.0.0.1/*');
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('a journey by keyboard alone', { timeout: 60_000, sequential: true }, () => {
  it('connects on the options page: Tab to the fields, type, Enter saves', async () => {
    options = await ext.openOptions();
    await options.waitForSelector('main.options[data-state="ready"] form.connection');
    await countPointers(options);
    await tabTo(options, '#service-address');
    await selectAllAndType(options, service.baseUrl);
    await tabTo(options, 'form.connection input[type="password"]');
    await selectAllAndType(options, KEY);
    await press(options, 'Enter');
    await options.waitForFunction(() => document.body.textContent?.includes('Ada Lovelace'), { timeout: 20_000 });
  });

  it('reports the page from the popup: Tab to "Create report", Enter, then Enter on the link to the report', async () => {
    tab = await ext.newTab(site.url('/journey'));
    await countPointers(tab);
    const popup = await ext.openPopupOn(tab);
    await countPointers(popup);
    await popup.waitForSelector('main.popup[data-state="ready"]');
    await tabTo(popup, 'form.report-form button[type="submit"]');
    await press(popup, 'Enter');
    await popup.waitForFunction(() => document.querySelector('main.popup')?.getAttribute('data-job') === 'done', { timeout: 30_000 });
    expect(await pointerEvents(popup)).toBe(0);
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && new URL(t.url()).pathname === '/report.html', { timeout: 10_000 });
    await tabTo(popup, 'a[href*="report.html"]');
    // Counted now: the popup is gone once the report opens.
    expect(await pointerEvents(popup)).toBe(0);
    used.splice(used.indexOf(popup), 1);
    // The popup closes as the report's tab takes the focus, sometimes before the key's release is acknowledged:
    // whether Enter worked is told by the tab it opens.
    await press(popup, 'Enter').catch(() => undefined);
    view = await (await opened).asPage();
    reportId = Number(new URL(view.url()).searchParams.get('id'));
    expect(reportId).toBeGreaterThan(0);
    await view.waitForSelector('main.report[data-state="ready"] li.check');
    await countPointers(view);
  });

  it('moves through the failed checks with n and p, and shows one on the page with s, finding by finding', async () => {
    await view.bringToFront();
    const failed = await view.$$eval('li.check[data-passed="false"]', (checks) => checks.map((c) => (c as HTMLElement).dataset.check!));
    expect(failed.length).toBeGreaterThan(1);
    const focusedCheck = () => view.evaluate(() => document.activeElement?.closest<HTMLElement>('li.check')?.dataset.check ?? null);
    await press(view, 'n');
    expect(await focusedCheck()).toBe(failed[0]);
    await press(view, 'n');
    expect(await focusedCheck()).toBe(failed[1]);
    await press(view, 'p');
    expect(await focusedCheck()).toBe(failed[0]);
    for (let i = 0; i < failed.length && (await focusedCheck()) !== 'deprecated_html_tags'; i++) await press(view, 'n');
    expect(await focusedCheck()).toBe('deprecated_html_tags');
    await press(view, 's');
    await view.waitForSelector('li.check[data-check="deprecated_html_tags"] .check__findings');
    await press(view, '.');
    await press(view, '.');
    await waitUntil('the second finding', () =>
      view.$eval('li.check[data-check="deprecated_html_tags"] .check__finding-position', (s) => s.textContent === 'Finding 2 of 3'),
    );
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('old-2');
    // Tab reaches the steps too: they are buttons in the check.
    await tabTo(view, 'li.check[data-check="deprecated_html_tags"] [data-finding-step="next"]');
    await press(view, 'Enter');
    await waitUntil('the third finding', async () => (await tab.evaluate(() => document.activeElement?.id)) === 'old-3');
  });

  it('deletes the report from the reports manager: arrows to its row, Delete, then confirm', async () => {
    await options.bringToFront();
    await options.reload();
    await options.waitForSelector(`tr.rm-row[data-report-id="${reportId}"]`, { timeout: 15_000 });
    used.splice(used.indexOf(options), 1);
    await countPointers(options);
    await tabTo(options, 'tr.rm-row input[type="checkbox"]', { max: 150 });
    for (let i = 0; i < 20; i++) {
      const row = await options.evaluate(() => document.activeElement?.closest<HTMLElement>('tr.rm-row')?.dataset.reportId);
      if (row === String(reportId)) break;
      await press(options, 'ArrowDown');
    }
    const askReport = () => options.evaluate((id) => browser.runtime.sendMessage({ type: 'getReport', payload: { id } }), reportId);
    expect(await askReport()).toMatchObject({ ok: true });
    await press(options, 'Delete');
    await options.waitForSelector('dialog[open]');
    await tabTo(options, 'dialog[open] .button--danger');
    await press(options, 'Enter');
    await options.waitForSelector(`tr.rm-row[data-report-id="${reportId}"]`, { hidden: true, timeout: 15_000 });
    // Gone from the service too, not only from the table.
    expect(await askReport()).toMatchObject({ ok: false });
  });

  it('had no mouse or pointer event in any page', async () => {
    expect(used).toHaveLength(3);
    for (const page of used) expect({ page: page.url(), events: await pointerEvents(page) }).toEqual({ page: page.url(), events: 0 });
  });
});
