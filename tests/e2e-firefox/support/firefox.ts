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
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyBuild, saveScreenshot } from '../../e2e/support/browser.ts';
import type { ExtensionPages } from '../../e2e/support/extension-pages.ts';
import { hostPattern } from '../../e2e/support/permissions.ts';
import { ChromeScope } from './chrome-scope.ts';
import { eventPage, type EventPage } from './event-page.ts';
import { extensionTabs } from './extension-tabs.ts';
import { firefoxBuildDir, firefoxPath } from './paths.ts';
import { answerPermissionPrompt, type AnsweredPrompt } from './prompts.ts';
import { closePopups, openPopupOn } from './popup.ts';

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

/** `prefs`: more profile preferences; `downloadDir`: where files the extension's pages download are saved, without asking. */
export async function launchFirefoxExtension(
  options: { extensionDir?: string; prefs?: Record<string, string | number | boolean>; downloadDir?: string } = {},
): Promise<FirefoxExtension> {
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
        // Firefox in English, as the tests' expectations are (the extension's words follow the browser's language).
        'intl.locale.requested': 'en-US',
        ...(options.downloadDir
          ? {
              'browser.download.folderList': 2,
              'browser.download.dir': options.downloadDir,
              'browser.download.useDownloadDir': true,
              'browser.download.always_ask_before_handling_new_types': false,
              'browser.download.start_downloads_in_tmp_dir': false,
            }
          : {}),
        ...options.prefs,
      },
    });
    cleanups.push(() => firefox.close());
    const installed = await firefox.installExtension(extensionDir);
    if (installed !== id) throw new Error(`Firefox installed ${installed}, not ${id}`);
    const chrome = await ChromeScope.of(firefox);
    const ext = firefoxExtension(firefox, chrome, id, await shownName(extensionDir, manifest), close);
    await waitForEventPage(ext.eventPage);
    return ext;
  } catch (error) {
    await close();
    throw error;
  }
}

/** The extension's name as Firefox shows it: the manifest takes it from the catalogue (__MSG_extName__), read here in English. */
async function shownName(extensionDir: string, manifest: { name: string; default_locale?: string }): Promise<string> {
  const key = /^__MSG_(\w+)__$/.exec(manifest.name)?.[1];
  if (!key) return manifest.name;
  const messages = JSON.parse(await readFile(join(extensionDir, '_locales', manifest.default_locale ?? 'en', 'messages.json'), 'utf8'));
  return (messages as Record<string, { message: string } | undefined>)[key]?.message ?? manifest.name;
}

function firefoxExtension(firefox: Browser, chrome: ChromeScope, id: string, name: string, close: () => Promise<void>): FirefoxExtension {
  const origin = `moz-extension://${EXTENSION_UUID}`;
  const prompts: AnsweredPrompt[] = [];
  let hostPage: Page | null = null;

  const tabs = extensionTabs(firefox, chrome);

  async function host(): Promise<Page> {
    // Not an options page: runtime.openOptionsPage() would bring that tab forward instead of opening one.
    if (!hostPage || hostPage.isClosed()) hostPage = await tabs.open(`${origin}/manifest.json`, false);
    return hostPage;
  }

  const popups = { chrome, id, origin, tabs, host, openHost: () => (hostPage && !hostPage.isClosed() ? hostPage : null) };

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
    openPage: (path) => tabs.open(`${origin}${path}`, true),
    openOptions: () => tabs.open(`${origin}/options.html`, true),
    openPopupOn: (tab, popupOptions) => openPopupOn(popups, tab, popupOptions),
    closePopups: () => closePopups(popups),
    pageOpenedBy: (path, action) => tabs.openedBy(`${origin}${path}`, action),
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

async function waitForEventPage(page: EventPage): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await page.state()) !== 'running') {
    if (Date.now() > deadline) throw new Error(`The event page did not start: ${await page.state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
