/**
 * The report view's and the reports manager's keys in Firefox, on the production build, against
 * the local report service: j/k and n/p move through the checks, Enter opens a long list, `?` lists
 * the keys, `s` shows the focused check on the page (Firefox's own prompt asks for the site, as a
 * click would make it), `.` and `,` step through its findings; in the manager the arrows, Space,
 * Enter and Delete with its confirmation. Every press is BiDi's keyboard; a capture-phase listener
 * in each driven page counts mouse and pointer events, which must stay 0.
 */
import type { KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox report-keys.test.ts');
const KEY = 'e2e-firefox-keys-key-6d2a90c41e';
/** Three old tags far apart (one kind alone passes), and twelve images without alt: a list longer than the ten shown at first. */
const BODY = `<h1>Keys</h1><h1>Twice</h1>
  <center id="old-1">One</center><div style="height: 1500px"></div><font id="old-2">Two</font>
  <div style="height: 1500px"></div><center id="old-3">Three</center>
  ${Array.from({ length: 12 }, (_, i) => `<img src="/img/${i + 1}.png">`).join('')}`;
const DEPRECATED = 'deprecated_html_tags';
const IMAGES = 'image_keywords';

/** The events a mouse, pen or finger makes; none comes from a key. */
const POINTER_EVENTS = ['mousedown', 'mouseup', 'mousemove', 'pointerdown', 'pointerup', 'pointermove', 'wheel', 'contextmenu', 'touchstart'];

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let pageUrl: string;
let tab: Page;
let view: Page;
const reportIds: number[] = [];

/** Starts counting the pointer events `page` receives, before anything else can see them. */
async function countPointers(page: Page): Promise<void> {
  await page.evaluate((names: string[]) => {
    const counted = window as unknown as { __pointerEvents?: number };
    if (counted.__pointerEvents !== undefined) return;
    counted.__pointerEvents = 0;
    for (const name of names) window.addEventListener(name, () => (counted.__pointerEvents! += 1), { capture: true });
  }, POINTER_EVENTS);
}
const pointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { __pointerEvents?: number }).__pointerEvents ?? -1);

/** The focused check: its key, whether it passed, and whether the focus is on the check itself. */
const focused = () =>
  view.evaluate(() => {
    const check = document.activeElement?.closest<HTMLElement>('li.check');
    return check ? { key: check.dataset.check!, passed: check.dataset.passed === 'true', onCheck: check === document.activeElement } : null;
  });

const press = (page: Page, key: KeyInput) => page.keyboard.press(key);

/** Presses Tab until the focus is on an element matching `selector`; fails if it never gets there. */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((sel: string) => document.activeElement?.matches(sel) ?? false, selector)) return;
    await press(page, 'Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? '');
  throw new Error(`${selector} is not reached with Tab in ${max} presses; the focus is on ${at}`);
}

/** Presses n until the failed check `key` has the focus. */
async function failedCheck(key: string): Promise<void> {
  for (let i = 0; i < 40 && (await focused())?.key !== key; i++) await press(view, 'n');
  expect(await focused()).toEqual({ key, passed: false, onCheck: true });
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
  site = await startPageServer({ '/keys': { body: pageHtml({ title: 'Keys', body: BODY }) } });
  // localhost, not 127.0.0.1: the service's permission does not cover the page, so "Show on page" asks for it.
  pageUrl = site.url('/keys').replace('//127.0.0.1:', '//localhost:');
  ext = await launchFirefoxExtension();
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  tab = await ext.newTab(pageUrl);
  for (const privacy of [1, 0]) {
    const made = (await options.page.evaluate(
      (url, p) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: p } }),
      pageUrl,
      privacy,
    )) as { ok: boolean; value: { id: number } };
    expect(made.ok).toBe(true);
    reportIds.push(made.value.id);
  }
  // The page's tab is the selected one; its address is hidden from the extension, which holds no permission for its site.
  const tabId = await options.page.evaluate(async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id);
  expect(tabId).toBeTypeOf('number');
  await options.page.close();
  view = await ext.openPage(`/report.html?id=${reportIds[0]}&tab=${tabId}`);
  await view.waitForSelector('main.report[data-state="ready"] li.check', { timeout: 15_000 });
  await countPointers(view);
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the report view by keyboard in Firefox', { timeout: 60_000, sequential: true }, () => {
  it('moves through the failed checks with n and p, and through every check with j and k', async () => {
    const failed = await view.$$eval('li.check[data-passed="false"]', (checks) => checks.map((c) => (c as HTMLElement).dataset.check!));
    const all = await view.$$eval('li.check', (checks) => checks.map((c) => (c as HTMLElement).dataset.check!));
    expect(failed.length).toBeGreaterThan(2);
    expect(failed).toEqual(expect.arrayContaining([DEPRECATED, IMAGES]));
    await press(view, 'n');
    expect(await focused()).toEqual({ key: failed[0], passed: false, onCheck: true });
    await press(view, 'n');
    expect(await focused()).toEqual({ key: failed[1], passed: false, onCheck: true });
    await press(view, 'p');
    expect((await focused())?.key).toBe(failed[0]);
    const at = all.indexOf(failed[0]!);
    await press(view, 'j');
    expect((await focused())?.key).toBe(all[at + 1]);
    await press(view, 'j');
    expect((await focused())?.key).toBe(all[at + 2]);
    await press(view, 'k');
    expect((await focused())?.key).toBe(all[at + 1]);
    // The focused check is scrolled into view.
    expect(
      await view.evaluate(() => {
        const box = document.activeElement!.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      }),
    ).toBe(true);
  });

  it('opens a long list with Enter: the check’s “2 more” shows all twelve images', async () => {
    await failedCheck(IMAGES);
    const list = `li.check[data-check="${IMAGES}"] .finding__items li`;
    expect(await view.$$eval(list, (items) => items.length)).toBe(10);
    await tabTo(view, `li.check[data-check="${IMAGES}"] .finding__more`);
    expect(await view.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await press(view, 'Enter');
    await waitUntil('twelve images listed', async () => (await view.$$eval(list, (items) => items.length)) === 12);
    expect(await view.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
  });

  it('lists the keys with ?, and Escape closes the list and gives the focus back', async () => {
    const before = await focused();
    await press(view, '?');
    const dialog = (await view.waitForSelector('dialog[open]'))!;
    const keys = await dialog.$$eval('.keys__row', (rows) =>
      rows.map((row) => [row.querySelector('kbd')?.textContent, row.querySelector('dd')?.textContent]),
    );
    expect(keys).toEqual([
      ['j', 'Next check'],
      ['k', 'Previous check'],
      ['n', 'Next failed check'],
      ['p', 'Previous failed check'],
      ['s', 'Show the focused check on the page'],
      ['?', 'This list of keys'],
      ['.', 'Next finding on the page'],
      [',', 'Previous finding on the page'],
    ]);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // The view's keys rest while the list is open.
    await press(view, 'n');
    expect(await view.$('dialog[open]')).not.toBeNull();
    await press(view, 'Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });
    expect(await focused()).toEqual(before);
  });

  it('shows the focused check on the page with s, after Firefox asks for the site, then steps through its findings with . and ,', async () => {
    await failedCheck(DEPRECATED);
    const check = `li.check[data-check="${DEPRECATED}"]`;
    const position = () => view.$eval(`${check} .check__finding-position`, (span) => span.textContent?.trim() ?? '');
    expect(await ext.hasHostPermission(pageUrl)).toBe(false);
    await press(view, 's');
    // The key press is the user's action Firefox asks for: its prompt names the page's site.
    await ext.grantPermissionPrompt(view);
    expect(ext.prompts.at(-1)?.permissions.join(' ')).toContain('localhost');
    await view.waitForSelector(`${check} .check__findings`, { timeout: 15_000 });
    expect(await view.$eval(`${check} .check__on-page button`, (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await tab.$$eval('[data-site-report-outline]', (els) => els.map((el) => el.id))).toEqual(['old-1', 'old-2', 'old-3']);

    await press(view, '.');
    await waitUntil('"Finding 1 of 3"', async () => (await position()) === 'Finding 1 of 3');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('old-1');
    await press(view, '.');
    await waitUntil('"Finding 2 of 3"', async () => (await position()) === 'Finding 2 of 3');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('old-2');
    expect(await tab.evaluate(() => document.querySelector('[data-site-report-count]')?.textContent ?? '')).toMatch(/ · Finding 2 of 3$/);
    await press(view, ',');
    await press(view, ',');
    await waitUntil('"Finding 3 of 3", round from the first', async () => (await position()) === 'Finding 3 of 3');
    expect(await tab.evaluate(() => document.activeElement?.id)).toBe('old-3');

    // s again takes the outline away, and the site given for it with it.
    await press(view, 's');
    await view.waitForSelector(`${check} .check__findings`, { hidden: true, timeout: 10_000 });
    expect(await tab.$$('[data-site-report-outline]')).toHaveLength(0);
    await waitUntil('the site given back', async () => !(await ext.hasHostPermission(pageUrl)));
  });

  it('had no mouse or pointer event in the report view', async () => {
    expect(await pointerEvents(view)).toBe(0);
  });
});

describe('the reports manager by keyboard in Firefox', { timeout: 60_000, sequential: true }, () => {
  let options: Page;
  const focusedRow = () => options.evaluate(() => document.activeElement?.closest<HTMLElement>('tr.rm-row')?.dataset.reportId ?? null);

  it('moves through the rows with the arrows, selects with Space, and opens the report with Enter', async () => {
    options = await ext.openOptions();
    await options.waitForSelector('tr.rm-row input[type="checkbox"]', { timeout: 15_000 });
    await countPointers(options);
    const rows = await options.$$eval('tr.rm-row', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.reportId!));
    // Newest first: the second report made, then the first.
    expect(rows).toEqual([String(reportIds[1]), String(reportIds[0])]);
    await tabTo(options, 'tr.rm-row input[type="checkbox"]', 150);
    expect(await focusedRow()).toBe(rows[0]);
    await press(options, 'ArrowDown');
    expect(await focusedRow()).toBe(rows[1]);
    await press(options, 'ArrowDown');
    expect(await focusedRow()).toBe(rows[1]);
    await press(options, 'ArrowUp');
    expect(await focusedRow()).toBe(rows[0]);
    // Space: BiDi names the key by the character it types.
    await press(options, ' ');
    const checked = () =>
      options.$$eval('tr.rm-row', (trs) =>
        trs.filter((tr) => tr.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).map((tr) => (tr as HTMLElement).dataset.reportId),
      );
    expect(await checked()).toEqual([rows[0]]);
    await press(options, ' ');
    expect(await checked()).toEqual([]);

    const href = await options.$eval(`tr[data-report-id="${rows[0]}"] .rm-actions a`, (a) => (a as HTMLAnchorElement).href);
    const opened = await ext.pageOpenedBy(new URL(href).pathname + new URL(href).search, () => press(options, 'Enter'));
    await opened.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    expect(new URL(await opened.evaluate(() => location.href)).searchParams.get('id')).toBe(rows[0]);
    await opened.close();
  });

  it('asks with Delete, Escape keeps the report, and the confirmation by keyboard deletes it', async () => {
    await options.bringToFront();
    const id = reportIds[1]!;
    await tabTo(options, `tr[data-report-id="${id}"] input[type="checkbox"]`, 150);
    await press(options, 'Delete');
    const dialog = (await options.waitForSelector('dialog[open]'))!;
    expect(await dialog.evaluate((d) => d.textContent ?? '')).toMatch(/delete/i);
    await press(options, 'Escape');
    await options.waitForSelector('dialog[open]', { hidden: true });
    expect(await options.$$eval('tr.rm-row', (trs) => trs.length)).toBe(2);

    // The focus is back in the row it left.
    expect(await focusedRow()).toBe(String(id));
    await press(options, 'Delete');
    await options.waitForSelector('dialog[open]');
    await tabTo(options, 'dialog[open] .button--danger');
    await press(options, 'Enter');
    await options.waitForSelector(`tr.rm-row[data-report-id="${id}"]`, { hidden: true, timeout: 15_000 });
    const onService = await fetch(`${service.baseUrl}/api/v1/reports/${id}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    expect(onService.status).toBe(404);
    expect(await options.$$eval('tr.rm-row', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.reportId))).toEqual([String(reportIds[0])]);
    expect(await pointerEvents(options)).toBe(0);
  });
});
