/**
 * End-to-end harness for Firefox: the production build (.output/firefox-mv3) installed as a
 * temporary add-on in Debian's Firefox ESR, headless, driven by puppeteer-core over WebDriver
 * BiDi. README.md beside this file says how each part works and why.
 *
 *   const ext = await launchFirefoxExtension();
 *   const options = await OptionsPage.open(ext);                  // the same page objects as Chromium
 *   await options.connect(ext, { baseUrl, apiKey }, 'grant');     // Firefox's own prompt, answered Allow
 *   const popup = await PopupPage.openOn(ext, await ext.newTab(url));
 *   await ext.eventPage.unload();                                 // as after Firefox's idle time
 *   await ext.close();
 */
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyBuild, saveScreenshot } from '../../e2e/support/browser.ts';
import type { ExtensionPages, PopupOptions } from '../../e2e/support/extension-pages.ts';
import { hostPattern } from '../../e2e/support/permissions.ts';
import type { ChromeGlobals } from './chrome-globals.ts';
import { ChromeScope } from './chrome-scope.ts';
import { eventPage, type EventPage } from './event-page.ts';
import { firefoxBuildDir, firefoxPath } from './paths.ts';
import { answerPermissionPrompt, type AnsweredPrompt } from './prompts.ts';
import { clickToolbarButton, closeToolbarPopup, waitForToolbarPopup } from './toolbar.ts';

/** The extension's host name on every run (`moz-extension://…`), set through a profile preference. */
const EXTENSION_UUID = '5e7c1f2a-0d4b-4c8e-9a61-3b2f8d9e4c17';

export interface FirefoxExtension extends ExtensionPages {
  browser: Browser;
  chrome: ChromeScope;
  /** The add-on id (browser_specific_settings.gecko.id). */
  id: string;
  name: string;
  /** `moz-extension://<uuid>` */
  origin: string;
  eventPage: EventPage;
  /** Every answer given to Firefox's permission prompt, oldest first, with what the prompt said. */
  prompts: AnsweredPrompt[];
  /** A new selected tab at `url` (loaded). */
  newTab(url: string): Promise<Page>;
  /**
   * A document of the extension's own origin that runs none of its code (its manifest.json), kept in a
   * tab behind the others: Firefox gives it the extension's APIs, and its toolbar popup is reached from it.
   */
  host(): Promise<Page>;
  /** permissions.contains for an address (the extension's own pattern: the host, any port) or a match pattern. */
  hasHostPermission(origin: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function launchFirefoxExtension(options: { extensionDir?: string } = {}): Promise<FirefoxExtension> {
  const scratch = await mkdtemp(join(tmpdir(), 'site-report-firefox-'));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(scratch, { recursive: true, force: true, maxRetries: 3 })];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await mkdir(join(scratch, 'tmp'));
    await mkdir(join(scratch, 'profile'));
    const extensionDir = await copyBuild(options.extensionDir ?? firefoxBuildDir, join(scratch, 'extension'));
    const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8'));
    const id: string = manifest.browser_specific_settings.gecko.id;
    const firefox = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      userDataDir: join(scratch, 'profile'),
      defaultViewport: null,
      // Lets BiDi load moz-extension:// pages and run code in Firefox's own window (see chrome-scope.ts).
      args: ['--remote-allow-system-access', '--width=1280', '--height=800'],
      env: { ...process.env, TMPDIR: join(scratch, 'tmp') },
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [id]: EXTENSION_UUID }),
        // Firefox's own notification windows, whatever notification daemon the machine has (or none).
        'alerts.useSystemBackend': false,
      },
    });
    cleanups.push(() => firefox.close());
    const installed = await firefox.installExtension(extensionDir);
    if (installed !== id) throw new Error(`Firefox installed ${installed}, not ${id}`);
    const chrome = await ChromeScope.of(firefox);
    const ext = firefoxExtension(firefox, chrome, id, manifest.name, close);
    await waitForEventPage(ext.eventPage);
    return ext;
  } catch (error) {
    await close();
    throw error;
  }
}

function firefoxExtension(firefox: Browser, chrome: ChromeScope, id: string, name: string, close: () => Promise<void>): FirefoxExtension {
  const origin = `moz-extension://${EXTENSION_UUID}`;
  const prompts: AnsweredPrompt[] = [];
  let hostPage: Page | null = null;

  let opened = 0;

  /**
   * A tab with one of the extension's pages. puppeteer opens the tab (so it knows it: tabs that
   * Firefox's own code opens are now and then missed), Firefox's own code loads the page (BiDi
   * cannot navigate to moz-extension:// and waits forever when asked to).
   */
  async function extensionTab(url: string, select: boolean): Promise<Page> {
    const page = await firefox.newPage({ background: !select });
    const marker = `about:blank#site-report-e2e-${++opened}`;
    await page.goto(marker);
    await chrome.run(
      (c, blank, address, selected) => {
        const tab = c.gBrowser.tabs.find((t) => t.linkedBrowser.currentURI.spec === blank);
        if (!tab) throw new Error(`No tab at ${blank}`);
        // A tab behind the others is neither painted nor given animation frames (puppeteer's clicks wait for two);
        // this one is, as the toolbar popup would be.
        if (!selected) {
          tab.linkedBrowser.renderLayers = true;
          tab.linkedBrowser.docShellIsActive = true;
        }
        tab.linkedBrowser.fixupAndLoadURIString(address, { triggeringPrincipal: c.Services.scriptSecurityManager.getSystemPrincipal() });
      },
      marker,
      url,
      select,
    );
    await showing(page, url);
    return page;
  }

  /**
   * Runs `action` and answers the tab of the extension's page at `path` it opened. Firefox now and
   * then opens a tab without telling BiDi (its own code creates it before the tab has an id to
   * report); such a tab, seen opened in Firefox's window, is opened again where puppeteer sees it.
   */
  async function pageOpenedBy(path: string, action: () => Promise<void>): Promise<Page> {
    const url = `${origin}${path}`;
    const tabsAt = (c: ChromeGlobals, address: string) => c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === address).length;
    const before = await chrome.run(tabsAt, url);
    const known = new Set(firefox.targets());
    const created = firefox.waitForTarget((t: Target) => t.type() === 'page' && !known.has(t), { timeout: 10_000 }).catch(() => null);
    await action();
    await chrome.waitFor(
      `a new tab at ${url}`,
      (c, address: string, count: number) => c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === address).length > count,
      [url, before],
    );
    // Once the tab is there, BiDi's word of it follows at once, or never.
    const target = await Promise.race([created, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000))]);
    if (target) {
      const page = await target.asPage();
      await showing(page, url);
      return page;
    }
    await chrome.run((c, address) => {
      const tab = c.gBrowser.tabs.findLast((t) => t.linkedBrowser.currentURI.spec === address);
      if (tab) c.gBrowser.removeTab(tab);
    }, url);
    return extensionTab(url, true);
  }

  async function host(): Promise<Page> {
    // Not an options page: runtime.openOptionsPage() would bring that tab forward instead of opening one.
    if (!hostPage || hostPage.isClosed()) hostPage = await extensionTab(`${origin}/manifest.json`, false);
    return hostPage;
  }

  async function closePopups(): Promise<void> {
    if (hostPage && !hostPage.isClosed()) await closeToolbarPopup(hostPage);
    await chrome.run((c, popupUrl) => {
      for (const tab of c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === popupUrl)) c.gBrowser.removeTab(tab);
    }, `${origin}/popup.html`);
  }

  /**
   * The toolbar popup over `tab`. Its button is clicked for real (the popup opens in the toolbar
   * panel, with activeTab on the tab, and must show the tab's address); BiDi cannot drive a
   * panel, so the popup is then closed and its page opened again in a tab behind `tab`, where
   * the page objects drive it: `tabs.query({ active: true })` there still answers `tab`.
   */
  async function openPopupOn(tab: Page, { checkAddress = true }: PopupOptions = {}): Promise<Page> {
    await closePopups();
    const extensionPage = await host();
    await tab.bringToFront();
    await clickToolbarButton(chrome, id);
    const shown = await waitForToolbarPopup(extensionPage, 'the page it opened over', (view) =>
      ['ready', 'unsupported', 'failed'].includes(view.state),
    );
    if (checkAddress && shown.address !== tab.url())
      throw new Error(`The toolbar popup opened over ${shown.address || 'a tab it cannot see'}, not ${tab.url()}`);
    await closeToolbarPopup(extensionPage);
    const popup = await extensionTab(`${origin}/popup.html`, false);
    const active = await popup.evaluate(async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.url);
    if (checkAddress && active !== tab.url()) throw new Error(`The popup's page sees ${active ?? 'no tab'} in front, not ${tab.url()}`);
    return popup;
  }

  return {
    browser: firefox,
    chrome,
    id,
    name,
    origin,
    eventPage: eventPage(chrome, id),
    prompts,
    async newTab(url) {
      const page = await firefox.newPage();
      await page.goto(url);
      return page;
    },
    host,
    openPage: (path) => extensionTab(`${origin}${path}`, true),
    openOptions: () => extensionTab(`${origin}/options.html`, true),
    openPopupOn,
    closePopups,
    pageOpenedBy,
    async grantPermissionPrompt() {
      prompts.push(await answerPermissionPrompt(chrome, 'grant'));
    },
    async denyPermissionPrompt() {
      prompts.push(await answerPermissionPrompt(chrome, 'deny'));
    },
    async hasHostPermission(address) {
      return (await host()).evaluate((pattern) => browser.permissions.contains({ origins: [pattern] }), hostPattern(address));
    },
    screenshot: (page, shotName) => saveScreenshot(page, `firefox-${shotName}`),
    close,
  };
}

/** Waits until `page` shows `url`, loaded. Its target keeps about:blank as its address for moz-extension:// pages: the page itself knows better. */
async function showing(page: Page, url: string): Promise<void> {
  await page
    .waitForFunction((wanted) => location.href === wanted && document.readyState === 'complete', { timeout: 10_000, polling: 50 }, url)
    .catch(async (error: unknown) => {
      const shown = await page.evaluate(() => `${location.href} (${document.readyState})`).catch(String);
      throw new Error(`The tab did not show ${url} within 10 s: ${shown}`, { cause: error });
    });
}

async function waitForEventPage(page: EventPage): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await page.state()) !== 'running') {
    if (Date.now() > deadline) throw new Error(`The event page did not start: ${await page.state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
