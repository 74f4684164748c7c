/**
 * The service's host permission taken back in Chromium, as a user does on chrome://extensions
 * (the extension's Details → Site access: removing the site calls
 * `developerPrivate.removeHostPermission`, the call made here from that very page), and what
 * the extension says then: on the options page, in the toolbar popup, in a notification for a
 * report from the right-click menu. Then given back from the options page through the browser's
 * own prompt. Production build, headed Chromium on a private Xvfb, the local report service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage } from './support/pages/popup.ts';
import { hostPattern } from './support/permissions.ts';
import { recordNotifications } from './support/notifications.ts';
import { waitUntil } from './support/stand-ins.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

type Dispatchable<A extends unknown[]> = { dispatch(...args: A): void };
declare const chrome: typeof browser & {
  contextMenus: { onClicked: Dispatchable<[object, unknown]> };
  developerPrivate: { removeHostPermission(extensionId: string, host: string): Promise<void> };
};

const fileTiming = timeFile('permission-withdrawn.test.ts');
const KEY = 'e2e-withdrawn-key-5f0c2a91d4';
const PAGE = '<!doctype html><html lang="en"><head><title>Withdrawn</title></head><body><h1>A page to report</h1></body></html>';

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let options: OptionsPage;
let host: string;

const BANNER = () =>
  `The browser no longer lets the extension reach ${host}. It needs this to send your requests to your service, and asks for nothing else.`;

async function inWorker<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
  return (await ext.worker()).evaluate(fn as never, ...args) as Promise<T>;
}

/** What the user does on chrome://extensions: the site removed from the extension's site access. */
async function withdrawOnExtensionsPage(): Promise<void> {
  const page = await ext.browser.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate((id, pattern) => chrome.developerPrivate.removeHostPermission(id, pattern), ext.extensionId, hostPattern(service.baseUrl));
  } finally {
    await page.close();
  }
  await waitUntil('the access to be gone', async () => !(await ext.hasHostPermission(service.baseUrl)));
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/': PAGE });
  host = new URL(service.baseUrl).host;
  ext = await launchExtensionBrowser({ headed: true });
  await ext.grantHostPermission(service.baseUrl);
  options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.account();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the service’s access taken back on chrome://extensions', { timeout: 60_000 }, () => {
  it('the open options page says so at once and hides the account', async () => {
    await withdrawOnExtensionsPage();
    await options.page.bringToFront();
    await options.waitForText(BANNER());
    await options.page.waitForFunction(() => !document.querySelector('section.account'), { polling: 50, timeout: 5_000 });
    expect(await options.page.$('::-p-aria([name="Grant access again"][role="button"])')).not.toBeNull();
  });

  it('the toolbar popup asks for it instead of offering a report', async () => {
    const tab = await ext.newTab(site.url('/'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.page.waitForSelector('[data-need="permission"]', { timeout: 10_000 });
    const text = await popup.page.$eval('main.popup', (main) => (main as HTMLElement).innerText);
    expect(text).toContain(`Access to ${host} needed`);
    expect(text).not.toContain('Create report');
    await popup.page.close();
    await tab.close();
  });

  it('a report from the right-click menu sends nothing and says in a notification what is missing', async () => {
    const tab = await ext.newTab(site.url('/'));
    const sent = service.createRequests();
    const shown = await recordNotifications(await ext.worker());
    await inWorker(async (pageUrl) => {
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-page', pageUrl, editable: false, frameId: 0 }, active);
    }, site.url('/'));
    await waitUntil('a notification', async () => (await shown()).length > 0);
    expect(await shown()).toEqual([
      {
        title: expect.stringMatching(/^Could not report /),
        message: `The browser no longer lets the extension reach ${host}. Grant the permission again to go on.\nClick here to open the options.`,
      },
    ]);
    expect(service.createRequests()).toBe(sent);
    await tab.close();
  });

  it('the options page’s button gives it back, and the account shows again', async () => {
    await options.page.bringToFront();
    await options.page.locator('::-p-aria([name="Grant access again"][role="button"])').click();
    // The browser's own prompt, answered as the user would (headed browser, real keys).
    await ext.grantPermissionPrompt(options.page);
    await options.account();
    expect(await options.page.$('.notice--warning')).toBeNull();
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
  });

  it('and the popup offers the report again', async () => {
    const tab: Page = await ext.newTab(site.url('/'));
    const popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    expect(await popup.page.$eval('main.popup', (main) => (main as HTMLElement).innerText)).toContain('Create report');
    await popup.page.close();
    await tab.close();
  });
});
