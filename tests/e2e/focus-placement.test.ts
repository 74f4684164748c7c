/**
 * Where the focus goes when the view changes, in Chromium on the production build: a report run
 * ends with the focus on its result's link (the popup's status says it is ready), and a dialog
 * closed with Escape gives the focus back to the control that opened it, in the report view and
 * in the reports manager.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { serveTestPages, type TestPages } from './support/test-pages';

const KEY = 'e2e-focus-placement-key-0a6c3d';
const PAGE = '<!doctype html><html lang="en"><head><title>Focus</title></head><body><h1>Focus</h1></body></html>';

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let reportId: number;

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
  site = await serveTestPages({ '/focus': PAGE });
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
  it('is on the result’s link when a report run ends, and the status says it is ready', async () => {
    const tab = await ext.newTab(site.url('/focus'));
    const popup = await ext.openPopupOn(tab);
    await popup.waitForSelector('main.popup[data-state="ready"] .report-form__submit');
    await popup.focus('.report-form__submit');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('section.result[data-job="done"]', { timeout: 30_000 });
    await popup.waitForFunction(() => document.activeElement?.matches('section.result a.button--primary'), { timeout: 2_000 });
    expect(await focused(popup)).toMatch(/^a\.button\.button--primary: /);
    expect(await popup.$eval('section.result [role="status"]', (s) => s.textContent?.trim())).toBe('Report ready');
    reportId = Number(new URL(await popup.$eval('section.result a.button--primary', (a) => (a as HTMLAnchorElement).href)).searchParams.get('id'));
    expect(reportId).toBeGreaterThan(0);
    await popup.close();
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
    expect(await options.evaluate((sel) => document.activeElement === document.querySelector(sel), box)).toBe(false);
    await options.keyboard.press('Escape');
    await options.waitForSelector('dialog[open]', { hidden: true });
    expect(await options.evaluate((sel) => document.activeElement === document.querySelector(sel), box)).toBe(true);
    await options.close();
  });
});
