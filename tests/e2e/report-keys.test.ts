/**
 * The report view's keys in Chromium on the production build: n/p move through the failed checks,
 * j/k through every check, s shows the focused check on the page, ? lists the keys (Escape closes
 * the list and gives the focus back), and no key acts while the user types in a field.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { waitUntil } from './support/stand-ins';
import { serveTestPages, type TestPages } from './support/test-pages';

const KEY = 'e2e-report-keys-key-93b0e4f';
const PAGE = `<!doctype html><html lang="en"><head><title>Keys</title></head><body><h1>Keys</h1><h1>Twice</h1>
  <img src="/a.png"><img src="/b.png"><center><font color="red">Old</font></center><p style="color: red">Red</p></body></html>`;

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let view: Page;

/** The focused check: its key, whether it passed, and whether the focus is on the check itself. */
const focused = () =>
  view.evaluate(() => {
    const check = document.activeElement?.closest<HTMLElement>('li.check');
    return check ? { key: check.dataset.check!, passed: check.dataset.passed === 'true', onCheck: check === document.activeElement } : null;
  });

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/keys': PAGE });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission('http://127.0.0.1/*');
  await ext.newTab(site.url('/keys'));
  const options = await ext.openOptions();
  expect(
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    ),
  ).toMatchObject({ ok: true });
  const made = (await options.evaluate(
    (url) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: 1 } }),
    site.url('/keys'),
  )) as { ok: boolean; value: { id: number } };
  expect(made.ok).toBe(true);
  await options.evaluate((url) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: 0 } }), site.url('/keys'));
  // The tab the report is of: "Show on page" outlines there.
  const tabId = await options.evaluate(async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.id, site.url('/keys'));
  await options.close();
  view = await ext.openPage(`/report.html?id=${made.value.id}${tabId ? `&tab=${tabId}` : ''}`);
  await view.waitForSelector('main.report[data-state="ready"] li.check');
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('the report view by keyboard', { timeout: 60_000 }, () => {
  it('moves through the failed checks with n and p, and through every check with j and k', async () => {
    const failed = await view.$$eval('li.check[data-passed="false"]', (checks) => checks.map((c) => (c as HTMLElement).dataset.check!));
    const all = await view.$$eval('li.check', (checks) => checks.map((c) => (c as HTMLElement).dataset.check!));
    expect(failed.length).toBeGreaterThan(1);
    await view.keyboard.press('n');
    expect(await focused()).toEqual({ key: failed[0], passed: false, onCheck: true });
    await view.keyboard.press('n');
    expect((await focused())?.key).toBe(failed[1]);
    await view.keyboard.press('p');
    expect((await focused())?.key).toBe(failed[0]);
    const at = all.indexOf(failed[0]!);
    await view.keyboard.press('j');
    expect((await focused())?.key).toBe(all[at + 1]);
    await view.keyboard.press('k');
    expect((await focused())?.key).toBe(all[at]);
  });

  it('shows the focused check on the page with s', async () => {
    await view.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The first failed check that can be shown on the page.
    let shown: string | null = null;
    for (let i = 0; i < 20 && !shown; i++) {
      await view.keyboard.press('n');
      shown = await view.evaluate(() => {
        const check = document.activeElement?.closest<HTMLElement>('li.check');
        return check?.querySelector('.check__on-page button') ? check.dataset.check! : null;
      });
    }
    expect(shown).not.toBeNull();
    await view.keyboard.press('s');
    const status = await waitUntil('the outline status', () =>
      view.$eval(`li.check[data-check="${shown}"] .check__on-page-status`, (p) => p.textContent?.trim() || null),
    );
    expect(status).toMatch(/\d/);
    expect(await view.$eval(`li.check[data-check="${shown}"] .check__on-page button`, (b) => b.getAttribute('aria-pressed'))).toBe('true');
  });

  it('lists the keys with ?, and Escape closes the list and gives the focus back', async () => {
    const before = await focused();
    await view.keyboard.press('?');
    const dialog = await view.waitForSelector('dialog[open]');
    const text = await dialog!.evaluate((d) => d.textContent ?? '');
    for (const words of ['Keyboard', 'Next failed check', 'Show the focused check on the page', 'The keys do nothing while you type in a field.'])
      expect(text).toContain(words);
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });
    expect(await focused()).toEqual(before);
  });

  it('does nothing while the user types in a field: the list of importances takes the letters', async () => {
    const field = await view.$('#filter-importance');
    expect(field).not.toBeNull();
    await field!.focus();
    await view.keyboard.type('np?');
    expect(await view.$('dialog[open]')).toBeNull();
    expect(await view.evaluate(() => document.activeElement?.id)).toBe('filter-importance');
    expect(await focused()).toBeNull();
  });
});

describe('the reports manager by keyboard', { timeout: 60_000 }, () => {
  it('moves through the rows with the arrows, selects with Space, opens with Enter and asks to delete with Delete', async () => {
    const options = await ext.openOptions();
    await options.waitForSelector('tr.rm-row input[type="checkbox"]', { timeout: 15_000 });
    const rows = await options.$$eval('tr.rm-row', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.reportId!));
    expect(rows.length).toBeGreaterThan(1);
    const focusedRow = () => options.evaluate(() => document.activeElement?.closest<HTMLElement>('tr.rm-row')?.dataset.reportId ?? null);
    await options.focus('tr.rm-row input[type="checkbox"]');
    expect(await focusedRow()).toBe(rows[0]);
    await options.keyboard.press('ArrowDown');
    expect(await focusedRow()).toBe(rows[1]);
    await options.keyboard.press('ArrowUp');
    expect(await focusedRow()).toBe(rows[0]);
    await options.keyboard.press('Space');
    expect(await options.$eval(`tr[data-report-id="${rows[0]}"] input[type="checkbox"]`, (box) => (box as HTMLInputElement).checked)).toBe(true);

    const openedReport = ext.browser.waitForTarget((t) => t.url().includes(`/report.html?id=${rows[0]}&`), { timeout: 10_000 });
    await options.keyboard.press('Enter');
    const opened = await (await openedReport).asPage();
    await opened.close();

    await options.bringToFront();
    await options.focus(`tr[data-report-id="${rows[0]}"] input[type="checkbox"]`);
    await options.keyboard.press('Delete');
    const dialog = await options.waitForSelector('dialog[open]');
    expect(await dialog!.evaluate((d) => d.textContent ?? '')).toMatch(/delete/i);
    await options.keyboard.press('Escape');
    await options.waitForSelector('dialog[open]', { hidden: true });
    expect(await options.$$eval('tr.rm-row', (trs) => trs.length)).toBe(rows.length);
    await options.close();
  });
});
