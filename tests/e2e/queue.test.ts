/**
 * Nothing lost while the service is away: reports asked for from the popup and from the
 * right-click menu wait in the queue, through a browser restart, and are made exactly once
 * each when the service is back. The production build in Chromium (headless), against the
 * local service stopped and started again on the same port with the same data.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { PopupPage } from './support/pages/popup.ts';
import { waitUntil } from './support/stand-ins.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

type Dispatchable<A extends unknown[]> = { dispatch(...args: A): void };
declare const chrome: typeof browser & { contextMenus: { onClicked: Dispatchable<[object, unknown]> } };

const fileTiming = timeFile('queue.test.ts');
const KEY = 'e2e-queue-key-0123456789abc';
const PAGE = (title: string) => `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

let keep: string;
let port = 0;
let service: RunningService | null = null;
let site: TestPages;
let ext: ExtensionBrowser;

async function startService(): Promise<RunningService> {
  service = await startReportService({
    accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }],
    port,
    dataFile: join(keep, 'service.json'),
  });
  port = Number(new URL(service.baseUrl).port);
  return service;
}

/** Asks the background as the options page does. */
async function ask<T>(page: Page, type: string, payload: object = {}): Promise<T> {
  const reply = (await page.evaluate((t, p) => chrome.runtime.sendMessage({ type: t, payload: p }), type, payload)) as { ok: boolean; value: T };
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
  return reply.value;
}

async function inWorker<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
  return (await ext.worker()).evaluate(fn as never, ...args) as Promise<T>;
}

/** Each notification shown, with what a click on it opens. */
const notificationActions = () =>
  inWorker(
    async () =>
      ((await chrome.storage.session.get('notificationActions')).notificationActions ?? {}) as Record<string, { kind: string; id?: number }>,
  );

const reportsOf = async (address: string) => {
  const search = encodeURIComponent(address.replace(/^https?:\/\//, ''));
  const response = await fetch(`${service!.baseUrl}/api/v1/reports?search=${search}`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return ((await response.json()) as { data: { id: number; privacy: number }[] }).data;
};

beforeAll(async () => {
  keep = await mkdtemp(join(tmpdir(), 'site-report-queue-'));
  await startService();
  site = await serveTestPages({ '/from-popup': PAGE('Asked from the popup'), '/from-menu': PAGE('Asked from the menu') });
  ext = await launchExtensionBrowser({ keepDir: keep });
  await ext.grantHostPermission('http://127.0.0.1/*');
  const options = await ext.openOptions();
  await ask(options, 'saveConnection', { baseUrl: service!.baseUrl, apiKey: KEY });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await rm(keep, { recursive: true, force: true });
  await fileTiming.done();
});

describe('reports asked for while the service is away', { timeout: 120_000 }, () => {
  it('wait through a browser restart and are made once each when the service is back, with notifications', async () => {
    await service!.close();
    service = null;

    // From the popup: the create fails, and the user keeps it for later.
    const tab = await ext.newTab(site.url('/from-popup'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await popup.choosePrivacy('private');
    await popup.clickCreate();
    expect(await popup.waitForJob(['failed'])).toBe('failed');
    await popup.queueUntilBack();
    await popup.close();

    // From the menu: queued by itself, and a notification says so.
    await ext.newTab(site.url('/from-menu'));
    const shownBefore = Object.keys(await notificationActions()).length;
    await inWorker(async (pageUrl) => {
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-page', pageUrl, editable: false, frameId: 0 }, active);
    }, site.url('/from-menu'));
    await waitUntil('the "will report later" notification', async () => Object.keys(await notificationActions()).length > shownBefore);

    // The browser is closed and opened again: the queue is still there.
    await ext.close();
    ext = await launchExtensionBrowser({ keepDir: keep });
    // Chromium keeps a granted host permission across restarts, but not for an extension loaded
    // again through DevTools' loadUnpacked, as this harness must: granted again, as it was.
    if (!(await ext.hasHostPermission('http://127.0.0.1/*'))) await ext.grantHostPermission('http://127.0.0.1/*');
    let options = await ext.openOptions();
    const queued = await ask<{ url: string; privacy: number }[]>(options, 'getQueue');
    expect(queued.map((entry) => entry.url).sort()).toEqual([site.url('/from-menu'), site.url('/from-popup')].sort());
    await options.waitForSelector('section.queue');
    expect(await options.$$eval('.queue__item', (items) => items.length)).toBe(2);

    // What the queue's live region says from now on.
    await options.evaluate(() => {
      const told: string[] = [];
      Object.defineProperty(window, '__queueTold', { value: told });
      new MutationObserver(() => {
        const text = document.querySelector('[data-live-region]')?.textContent?.trim();
        if (text && told.at(-1) !== text) told.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });

    // The service comes back; the user need not wait for the next try.
    await startService();
    const back = performance.now();
    await options.locator('::-p-aria([name="Try now"][role="button"])').click();
    await waitUntil('the queue to be empty', async () => (await ask<unknown[]>(options, 'getQueue')).length === 0, 30_000).catch(
      async (error: unknown) => {
        throw new Error(`${String(error)}: ${JSON.stringify(await ask(options, 'getQueue'))}`);
      },
    );
    const emptied = Math.round(performance.now() - back);
    console.log(`queue: service back → queue empty in ${emptied} ms (2 reports)`);
    await options.waitForFunction(() => !document.querySelector('section.queue'));
    // Told as they are sent: two in all, and nothing waiting at the end.
    await options.waitForFunction(() => /sent to the service\.$/.test(document.querySelector('[data-live-region]')?.textContent ?? ''));
    const told = await options.evaluate(() => (window as unknown as { __queueTold: string[] }).__queueTold);
    expect(told.at(-1)).toMatch(/^\d reports? sent to the service\.$/);
    expect(told.reduce((sum, text) => sum + Number(/^(\d+) reports? sent/.exec(text)?.[1] ?? 0), 0)).toBe(2);

    expect(await reportsOf(site.url('/from-popup'))).toMatchObject([{ privacy: 1 }]);
    expect(await reportsOf(site.url('/from-menu'))).toHaveLength(1);
    // Each made report's notification opens it in the report view.
    const opened = Object.values(await notificationActions()).filter((action) => action.kind === 'report');
    const made = [...(await reportsOf(site.url('/from-popup'))), ...(await reportsOf(site.url('/from-menu')))];
    expect(opened.map((action) => action.id).sort()).toEqual(made.map((report) => report.id).sort());
    options = await ext.openOptions();
    expect(await ask<unknown[]>(options, 'getQueue')).toEqual([]);
  });
});
