/**
 * The end-to-end harness itself, on whatever the popup and options pages show: it must
 * open the real popup over a real tab, stop and restart the service worker, follow the
 * colour scheme, and get the host permission granted or denied as a user would.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';
import { measure, readTimings } from './support/timings.ts';

const PNG_SIGNATURE = '89504e470d0a1a0a';
const isDark = (page: Page) => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);

let site: TestPages;
beforeAll(async () => {
  site = await serveTestPages({
    '/': '<!doctype html><title>Home page</title><h1>Home</h1>',
    '/about': '<!doctype html><title>About page</title><h1>About</h1>',
    '/robots.txt': 'User-agent: *\nAllow: /\n',
  });
});
afterAll(() => site?.close());

describe('the test pages', () => {
  it('serves each page with its type, and 404 for the rest', async () => {
    const robots = await fetch(site.url('/robots.txt'));
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('User-agent');
    expect((await fetch(site.url('/'))).headers.get('content-type')).toMatch(/^text\/html/);
    expect((await fetch(`${site.origin}/missing`)).status).toBe(404);
    expect(() => site.url('/missing')).toThrow(/No test page at \/missing/);
  });
});

describe('headless Chromium, light', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await measure('harness: launch headless + install', () => launchExtensionBrowser());
  });
  afterAll(() => ext?.close());

  it('opens the real toolbar popup over the tab, closes it, and opens it again', async () => {
    const tab = await ext.newTab(site.url('/'));
    const popup = await measure('popup: click on the icon → loaded', () => ext.openPopupOn(tab));
    expect(popup.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    // activeTab is granted as by a real click: the popup sees the tab's address and title.
    const active = await popup.evaluate(async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]);
    expect(active).toMatchObject({ url: site.url('/'), title: 'Home page' });
    expect(await isDark(popup)).toBe(false);

    const shot = await ext.screenshot(popup, 'harness-popup-light');
    expect(readFileSync(shot).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);

    await popup.close();
    expect(ext.browser.targets().some((t) => t.url().endsWith('/popup.html'))).toBe(false);

    const other = await ext.newTab(site.url('/about'));
    const again = await ext.openPopupOn(other);
    expect(await again.evaluate(async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.title)).toBe('About page');
    await again.close();

    const blank = await ext.newTab('about:blank');
    await expect(ext.openPopupOn(blank)).rejects.toThrow(/not about:blank/);
    await ext.browser
      .targets()
      .find((t) => t.url().endsWith('/popup.html'))
      ?.asPage()
      .then((p) => p.close());
    const unchecked = await ext.openPopupOn(blank, { checkAddress: false });
    expect(unchecked.url()).toBe(`chrome-extension://${ext.extensionId}/popup.html`);
    await unchecked.close();
  });

  it('stops the service worker: the next start has fresh globals and the same storage', async () => {
    const before = await ext.worker();
    await before.evaluate(async () => {
      (globalThis as { marker?: string }).marker = 'set before the stop';
      await browser.storage.session.set({ survives: 'yes' });
    });

    await ext.stopWorker();
    const isOurWorker = (url: string) => url.startsWith(`chrome-extension://${ext.extensionId}/`);
    expect(ext.browser.targets().filter((t) => t.type() === 'service_worker' && isOurWorker(t.url()))).toEqual([]);

    const after = await measure('service worker: stopped → restarted', () => ext.worker());
    expect(after).not.toBe(before);
    expect(await after.evaluate(() => (globalThis as { marker?: string }).marker ?? 'fresh')).toBe('fresh');
    expect(await after.evaluate(() => browser.storage.session.get('survives'))).toEqual({ survives: 'yes' });
  });

  it('lets the extension request a pre-approved origin without a prompt, and then reach it', async () => {
    const pages = await serveTestPages({ '/ping': 'pong' });
    const onePort = `${pages.origin}/*`;
    try {
      expect(await ext.hasHostPermission(onePort)).toBe(false);
      await ext.preapproveHostPermission(onePort);
      expect(await ext.hasHostPermission(onePort)).toBe(false);

      const options = await ext.openOptions();
      expect(await ext.requestHostPermission(options, onePort)).toBe(true);
      expect(await ext.hasHostPermission(onePort)).toBe(true);
      // A granted host permission lets the worker read a page that sends no CORS headers.
      const worker = await ext.worker();
      expect(await worker.evaluate((url) => fetch(url).then((r) => r.text()), pages.url('/ping'))).toBe('pong');
      expect(await ext.hasHostPermission(`${site.origin}/*`)).toBe(false);
      await options.close();
    } finally {
      await pages.close();
    }
  });

  it('refuses to answer a permission prompt headless, saying why', async () => {
    const options = await ext.openOptions();
    await expect(ext.grantPermissionPrompt(options)).rejects.toThrow(/headed/);
    await options.close();
  });

  // Last here: it grants every port of 127.0.0.1.
  it('grants an address directly as the extension asks for it: the host, any port', async () => {
    await ext.grantHostPermission(site.url('/'));
    expect(await ext.hasHostPermission('http://127.0.0.1/*')).toBe(true);
    expect(await ext.hasHostPermission(site.origin)).toBe(true);
    expect(await ext.hasHostPermission('http://localhost/*')).toBe(false);
  });

  it('records timings to test-artifacts/timings.jsonl', async () => {
    expect(await measure('harness: a 50 ms wait', () => new Promise((resolve) => setTimeout(() => resolve('done'), 50)))).toBe('done');
    const timing = readTimings().find((t) => t.label === 'harness: a 50 ms wait');
    expect(timing?.ms).toBeGreaterThanOrEqual(45);
    expect(timing?.test).toContain('records timings');
  });
});

describe('headless Chromium, dark', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchExtensionBrowser({ colorScheme: 'dark' });
  });
  afterAll(() => ext?.close());

  it('renders the popup and the options page dark from their first paint', async () => {
    const popup = await ext.openPopupOn(await ext.newTab(site.url('/')));
    expect(await isDark(popup)).toBe(true);
    await ext.screenshot(popup, 'harness-popup-dark');
    const options = await ext.openOptions();
    expect(await isDark(options)).toBe(true);
    await ext.screenshot(options, 'harness-options-dark');
  });
});

describe('headed Chromium on a virtual display: the real permission prompt', () => {
  let ext: ExtensionBrowser;
  let options: Page;
  beforeAll(async () => {
    ext = await measure('harness: launch headed (Xvfb) + install', () => launchExtensionBrowser({ headed: true }));
    options = await ext.openOptions();
  });
  afterAll(() => ext?.close());

  it('grants the origin when the user clicks Allow', async () => {
    const answer = ext.requestHostPermission(options, `${site.origin}/*`);
    await measure('permission prompt: shown → granted', () => ext.grantPermissionPrompt(options));
    expect(await answer).toBe(true);
    expect(await ext.hasHostPermission(`${site.origin}/*`)).toBe(true);
  });

  it('leaves the origin out when the user dismisses the prompt', async () => {
    const pages = await serveTestPages({ '/': 'other' });
    try {
      const answer = ext.requestHostPermission(options, `${pages.origin}/*`);
      await ext.denyPermissionPrompt(options);
      expect(await answer).toBe(false);
      expect(await ext.hasHostPermission(`${pages.origin}/*`)).toBe(false);
    } finally {
      await pages.close();
    }
  });
});

describe('cleaning up', () => {
  it('leaves no scratch folder behind', async () => {
    const ext = await launchExtensionBrowser();
    const profile = ext.browser
      .process()
      ?.spawnargs.find((arg) => arg.startsWith('--user-data-dir='))
      ?.split('=')[1];
    expect(profile && existsSync(profile)).toBe(true);
    await ext.close();
    expect(existsSync(profile!)).toBe(false);
  });
});
