/**
 * What a script in a web page's isolated world (a content script's world, or a compromised page
 * process posing as one) can read of the extension's storage: nothing, in Chromium. The
 * background closes local and sync storage to page worlds at every start. Production build, headless.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

const fileTiming = timeFile('page-worlds.test.ts');
const KEY = 'e2e-page-world-key-8c1f0b2d';

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/': '<!doctype html><title>A page</title><h1>A page</h1>' });
  ext = await launchExtensionBrowser();
  // One pattern for 127.0.0.1 covers the service and the test page: the extension may run a script in the page.
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

/** What a script in `tab`'s isolated world reads of local and sync storage, or the words of its refusal. */
async function readFromPageWorld(tab: Page): Promise<string> {
  const url = tab.url();
  return (await ext.worker()).evaluate(async (address) => {
    const [found] = await browser.tabs.query({ url: address });
    if (found?.id === undefined) throw new Error(`No tab at ${address}`);
    const [injection] = await browser.scripting.executeScript({
      target: { tabId: found.id },
      world: 'ISOLATED',
      func: async () => {
        // The page world's own name for the extension API.
        const storage = (globalThis as unknown as { chrome: typeof browser }).chrome.storage;
        const read = async (area: 'local' | 'sync') => {
          try {
            return JSON.stringify(await storage[area].get(null));
          } catch (error) {
            return `refused: ${error instanceof Error ? error.message : String(error)}`;
          }
        };
        return `local ${await read('local')}; sync ${await read('sync')}`;
      },
    });
    return String(injection?.result);
  }, url);
}

describe('storage closed to page worlds', () => {
  it('a script in a page’s isolated world reads no key, nor the settings, even after the worker starts again', async () => {
    // The key is there to be read: the background holds it in local storage.
    const stored = await (await ext.worker()).evaluate(() => browser.storage.local.get(null).then((all) => JSON.stringify(all)));
    expect(stored).toContain(KEY);

    const tab = await ext.newTab(site.url('/'));
    const seen = await readFromPageWorld(tab);
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain(service.baseUrl);
    expect(seen).toMatch(/^local refused: .+; sync refused: .+$/);

    await ext.stopWorker();
    const afterRestart = await readFromPageWorld(tab);
    expect(afterRestart).not.toContain(KEY);
    expect(afterRestart).toMatch(/^local refused: .+; sync refused: .+$/);
  });
});
