/**
 * Work started twice: a double click on "Report all N tabs", on "Report N addresses" and on a bulk
 * regenerate, and the toolbar icon's "Report all tabs" chosen twice, each send one request per page,
 * checked against the service's own log and list. Production build in Chromium, headed on a private
 * Xvfb: "Report all tabs" needs the optional `tabs` permission, whose prompt shows only in a window.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { RunsPanelPage } from './support/pages/runs-panel.ts';
import { waitUntil } from './support/stand-ins.ts';
import { recordNotifications } from './support/notifications.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

const fileTiming = timeFile('double-clicks.test.ts');
const PAGE = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const PATHS = ['/t1', '/t2', '/t3', '/m1', '/m2', '/m3', '/l1', '/l2', '/l3', '/g1', '/g2', '/g3'];

/** Chromium's own namespace, as functions evaluated in the extension see it. */
declare const chrome: {
  windows: { create(data: { url: string[]; focused: boolean }): Promise<{ id: number }>; remove(id: number): Promise<void> };
  permissions: { request(p: { permissions: string[] }): Promise<boolean> };
  tabs: { query(q: object): Promise<unknown[]> };
  contextMenus: { onClicked: { dispatch(info: object, tab: unknown): void } };
};

let service: RunningService;
let apiKey: string;
let site: TestPages;
let ext: ExtensionBrowser;
let options: Page;
let manager: ReportsManagerPage;
let panel: RunsPanelPage;

const inWorker = async <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> =>
  (await ext.worker()).evaluate(fn as never, ...args) as Promise<T>;

/** The requests of `method` the service received for these pages' reports since `since`. */
const sent = (method: string, since: number) => service.requestLog.slice(since).filter((r) => r.method === method);

/** How many reports the service lists for each page. */
async function reportsPerPage(paths: string[]): Promise<number[]> {
  const counts: number[] = [];
  for (const path of paths) {
    const params = new URLSearchParams({ search: site.url(path).replace(/^http:\/\//, ''), search_by: 'url', per_page: '100' });
    const response = await fetch(`${service.baseUrl}/api/v1/reports?${params}`, {
      headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
    });
    counts.push(((await response.json()) as { data: unknown[] }).data.length);
  }
  return counts;
}

/** A window of these pages, loaded; answers its id and the page in front. */
async function windowOf(paths: string[]): Promise<{ windowId: number; front: Page }> {
  const urls = paths.map((path) => site.url(path));
  const windowId = await inWorker((list) => chrome.windows.create({ url: list, focused: true }).then((w) => w.id), urls);
  const front = await waitUntil('the window’s first tab', async () => (await ext.browser.pages()).find((p) => p.url() === urls[0]));
  await front.waitForFunction(() => document.readyState === 'complete');
  return { windowId, front };
}

beforeAll(async () => {
  service = await startReportService();
  apiKey = service.accounts[0]!.apiKey;
  site = await serveTestPages(Object.fromEntries(PATHS.map((path) => [path, PAGE(path.slice(1))])));
  service.seedReports(
    apiKey,
    ['/g1', '/g2', '/g3'].map((path) => ({ url: site.url(path), score: 10 })),
  );
  ext = await launchExtensionBrowser({ headed: true });
  await ext.grantHostPermission(service.baseUrl);
  // The optional `tabs` permission, granted in the browser's real prompt.
  await ext.grantTabsPermission();

  manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, apiKey);
  options = manager.page;
  panel = new RunsPanelPage(options);
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('work started twice makes each page once', () => {
  it('a double click on "Report all 3 tabs" makes three reports', async () => {
    const { windowId, front } = await windowOf(['/t1', '/t2', '/t3']);
    const since = service.requestLog.length;
    const popup = await ext.openPopupOn(front);
    await popup.waitForSelector('.popup__tabs button', { timeout: 10_000 });
    expect(await popup.$eval('.popup__tabs button', (b) => b.textContent)).toBe('Report all 3 tabs');
    await popup.click('.popup__tabs button', { count: 2 });
    await popup.waitForSelector('.popup__tabs-outcome');
    expect(await popup.$eval('.popup__tabs-outcome', (p) => p.textContent)).toBe('Report 3 addresses: started in the background.');
    // The popup's live region says it too, once.
    await popup.waitForFunction(
      () => document.querySelector('[data-live-region]')?.textContent === 'Report 3 addresses: started in the background.',
      {
        timeout: 5_000,
      },
    );
    await ext.closePopups();
    await waitUntil('three reports', async () => (await reportsPerPage(['/t1', '/t2', '/t3'])).every((n) => n === 1), 60_000);
    expect(await reportsPerPage(['/t1', '/t2', '/t3'])).toEqual([1, 1, 1]);
    expect(sent('POST', since)).toHaveLength(3);
    await inWorker((id) => chrome.windows.remove(id), windowId);
  }, 120_000);

  it('the toolbar icon’s "Report all tabs" chosen twice makes three reports, and the second says they are under way', async () => {
    const shown = await recordNotifications(await ext.worker());
    const { windowId } = await windowOf(['/m1', '/m2', '/m3']);
    const since = service.requestLog.length;
    await inWorker(async (id) => {
      const [active] = await chrome.tabs.query({ windowId: id, active: true });
      chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-tabs', editable: false }, active);
      chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-tabs', editable: false }, active);
    }, windowId);
    // The menu's own notifications; the run's end has one of its own, which may come between them.
    const fromMenu = async () => (await shown()).filter((n) => n.title === 'Report all tabs').map((n) => n.message);
    await waitUntil('both of the menu’s notifications', async () => (await fromMenu()).length >= 2);
    const messages = await fromMenu();
    expect(messages[0]).toBe('Report 3 addresses: started in the background.');
    expect(messages[1]).toMatch(
      /^Nothing new to report in this window\. Skipped 3 pages (already being reported|reported in the last 10 minutes)\.$/,
    );
    await waitUntil('three reports', async () => (await reportsPerPage(['/m1', '/m2', '/m3'])).every((n) => n === 1), 60_000);
    expect(await reportsPerPage(['/m1', '/m2', '/m3'])).toEqual([1, 1, 1]);
    expect(sent('POST', since)).toHaveLength(3);
    await inWorker((id) => chrome.windows.remove(id), windowId);
  }, 120_000);

  it('a double click on "Report 3 addresses" makes three reports', async () => {
    await options.bringToFront();
    const since = service.requestLog.length;
    const runsBefore = (await panel.runs()).length;
    await options.$eval(
      '#address-list-text',
      (area, text) => {
        (area as HTMLTextAreaElement).value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      },
      ['/l1', '/l2', '/l3'].map((path) => site.url(path)).join('\n'),
    );
    await options.waitForFunction(() => document.querySelector('.address-list .button--primary')?.textContent === 'Report 3 addresses');
    await options.click('.address-list .button--primary', { count: 2 });
    // The runs of the tests before bear the same title: the new one is waited for, not the newest of them.
    await waitUntil('the new run in the panel', async () => (await panel.runs()).length > runsBefore);
    const run = await panel.newest('Report 3 addresses');
    await panel.waitForState(run.id, 'finished', 60_000);
    expect(await reportsPerPage(['/l1', '/l2', '/l3'])).toEqual([1, 1, 1]);
    expect(sent('POST', since)).toHaveLength(3);
    expect(await panel.runs()).toHaveLength(runsBefore + 1);
    await panel.button(run.id, 'Dismiss');
  }, 120_000);

  it('a double click on a bulk "Regenerate 3 reports" audits each once', async () => {
    await manager.typeSearch('/g', { commit: true });
    await manager.waitForList({ search: '/g' });
    await options.click('thead input[type="checkbox"]');
    expect(await manager.selectionText()).toBe('3 selected');
    await manager.selectionButton('Regenerate');
    const since = service.requestLog.length;
    const runsBefore = (await panel.runs()).length;
    await options.click('dialog[open] .dialog__buttons .button--primary', { count: 2 });
    await manager.waitForNoDialog();
    const run = await panel.newest('Regenerate 3 reports');
    await panel.waitForState(run.id, 'finished', 60_000);
    expect(sent('PUT', since)).toHaveLength(3);
    expect(await panel.runs()).toHaveLength(runsBefore + 1);
    await manager.clearSearch();
  }, 120_000);
});
