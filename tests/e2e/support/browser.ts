/**
 * End-to-end harness: the production build (.output/chrome-mv3) in Debian's Chromium.
 *
 *   const ext = await launchExtensionBrowser();              // headless, light
 *   const site = await serveTestPages({ '/': '<title>Home</title>' });
 *   const tab = await ext.newTab(site.url('/'));
 *   const popup = await ext.openPopupOn(tab);                // the real toolbar popup over `tab`
 *   await ext.screenshot(popup, 'popup-home');               // test-artifacts/screenshots/popup-home.png
 *   await popup.close();                                     // closes it like a click outside
 *   await ext.stopWorker();                                  // as after 30 s idle; state must survive
 *   await (await ext.worker()).evaluate(() => browser.storage.local.get());  // restarts it
 *   await measure('popup open→ready', () => ext.openPopupOn(tab));          // test-artifacts/timings.jsonl
 *   await ext.close(); await site.close();
 *
 * Permissions (optional_host_permissions; nothing is granted at install). `origin` below is a
 * match pattern, used as is, or an address, turned into the extension's own pattern
 * (`http://127.0.0.1/*`: any port, as lib/shared/permission.ts asks):
 *   - Headed (`{ headed: true }`, on $DISPLAY or a private Xvfb) shows the real prompt:
 *       click the options page's button, then `await ext.grantPermissionPrompt(options)`
 *       or `denyPermissionPrompt(options)`; the page must have had the focus.
 *   - Headless, no prompt: `preapproveHostPermission(service.baseUrl)` makes the extension's own
 *     request in a click resolve true at once; `grantHostPermission(service.baseUrl)` grants it now.
 * Dark mode: `{ colorScheme: 'dark' }` (--force-dark-mode: every page, popup included, from
 * first paint), or `page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }])`.
 * In `evaluate` callbacks write `browser.*`: Chromium 156 has it natively, and the types know it.
 */
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay, openDisplay, type VirtualDisplay } from './display.ts';
import { answerPermissionPrompt, grantHostPermission, hostPattern, preapproveHostPermission, requestInClick } from './permissions.ts';
import type { ExtensionPages } from './extension-pages.ts';
import { closePopups, openPopupOn, pageOpenedBy } from './popup.ts';
import { controlServiceWorker } from './service-worker.ts';
import { chromeBuildDir, chromiumPath, screenshotsDir } from './paths.ts';

export interface LaunchOptions {
  /** A real window on $DISPLAY, or on a private Xvfb when DISPLAY is unset. Needed for the permission prompt. */
  headed?: boolean;
  colorScheme?: 'light' | 'dark';
  /**
   * The browser's UI language, which picks the extension's catalogue (default en-US: the tests' expectations
   * are English). Chromium 150 headless honours `--lang` for the extension's messages (probed: `i18n.getMessage`
   * answers from `_locales/de` with `--lang=de`, while `i18n.getUILanguage()` still says en-US); LANGUAGE is set
   * alike for the headed browser on Linux.
   */
  lang?: string;
  /** Another build folder (default: .output/chrome-mv3). */
  extensionDir?: string;
  /**
   * A folder the caller owns for the profile and the loaded copy of the extension, kept
   * after close: a browser launched again on it is the same browser restarted (same
   * extension id, its local storage kept, its session storage gone).
   */
  keepDir?: string;
}

/** The page objects' interface (openOptions, openPopupOn, the permission prompt, screenshot), and Chromium's own levers. */
export interface ExtensionBrowser extends ExtensionPages {
  browser: Browser;
  extensionId: string;
  /** The folder the browser loaded the extension from (a copy of the build). */
  extensionDir: string;
  headed: boolean;
  /** The running service worker, restarted if it was stopped. */
  worker(): Promise<WebWorker>;
  stopWorker(): Promise<void>;
  /** A new tab at `url` (loaded). */
  newTab(url: string): Promise<Page>;
  /**
   * Real key presses on the X display (headed only), e.g. `pressKeys('alt+shift+s')`: they reach
   * the browser's own shortcuts, extension commands included, which CDP key events do not.
   */
  pressKeys(...keys: string[]): void;
  preapproveHostPermission(origin: string): Promise<void>;
  grantHostPermission(origin: string): Promise<void>;
  /** permissions.contains for that pattern, asked of the service worker. */
  hasHostPermission(origin: string): Promise<boolean>;
  /** Clicks an added button on an extension page that requests `origin`; resolves with the answer. */
  requestHostPermission(page: Page, origin: string): Promise<boolean>;
  /** Grants the optional `tabs` permission in the browser's real prompt (headed only). */
  grantTabsPermission(): Promise<void>;
  close(): Promise<void>;
}

export async function launchExtensionBrowser(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const headed = options.headed ?? false;
  const scratch = await mkdtemp(join(tmpdir(), 'site-report-e2e-'));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(scratch, { recursive: true, force: true, maxRetries: 3 })];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await mkdir(join(scratch, 'tmp'));
    let display: VirtualDisplay | undefined;
    if (headed) {
      display = await openDisplay(scratch);
      cleanups.push(display.stop);
    }
    const home = options.keepDir ?? scratch;
    const chromium = await puppeteer.launch({
      executablePath: chromiumPath,
      headless: !headed,
      pipe: true,
      // enableExtensions: [dir] does not await its installs in puppeteer 24.43; installExtension does and gives the id.
      enableExtensions: true,
      userDataDir: join(home, 'profile'),
      defaultViewport: null,
      // Killed runs leave Chromium's temporary files behind: keep them in the scratch folder.
      env: { ...process.env, TMPDIR: join(scratch, 'tmp'), LANGUAGE: options.lang ?? 'en-US', ...display?.env },
      args: chromiumArgs(options.colorScheme ?? 'light', options.lang ?? 'en-US'),
    });
    cleanups.push(() => chromium.close());
    const copy = join(home, 'extension');
    // Restarted on a kept folder: the same copy, so the same id and the same storage.
    const extensionDir =
      options.keepDir && existsSync(join(copy, 'manifest.json')) ? copy : await copyBuild(options.extensionDir ?? chromeBuildDir, copy);
    const extensionId = await chromium.installExtension(extensionDir);
    const workers = controlServiceWorker(chromium, extensionId);
    await workers.worker();
    const origin = `chrome-extension://${extensionId}`;
    const newTab = async (url: string) => {
      const page = await chromium.newPage();
      await page.goto(url);
      return page;
    };
    return {
      browser: chromium,
      extensionId,
      extensionDir,
      headed,
      ...workers,
      newTab,
      openPage: (path) => newTab(`${origin}${path}`),
      openOptions: () => newTab(`${origin}/options.html`),
      openPopupOn: (page, popupOptions) => openPopupOn(chromium, extensionId, page, popupOptions),
      closePopups: () => closePopups(chromium, extensionId),
      pageOpenedBy: (path, action) => pageOpenedBy(chromium, extensionId, path, action),
      grantPermissionPrompt: (page) => answerPermissionPrompt(display, page, 'grant'),
      denyPermissionPrompt: (page) => answerPermissionPrompt(display, page, 'deny'),
      pressKeys: (...keys) => {
        if (!display) throw new Error('Real key presses need a headed browser: launch with { headed: true }');
        display.pressKeys(...keys);
      },
      preapproveHostPermission: (address) => preapproveHostPermission(chromium, extensionId, address),
      grantHostPermission: (address) => grantHostPermission(chromium, extensionId, address),
      hasHostPermission: async (address) =>
        (await workers.worker()).evaluate((pattern) => browser.permissions.contains({ origins: [pattern] }), hostPattern(address)),
      requestHostPermission: (page, address) => requestInClick(page, hostPattern(address)),
      grantTabsPermission: async () => {
        const page = await newTab(`${origin}/manifest.json`);
        try {
          const asked = requestInClick(page, { permissions: ['tabs'] });
          await answerPermissionPrompt(display, page, 'grant');
          if (!(await asked)) throw new Error('The tabs permission was not granted');
        } finally {
          await page.close();
        }
      },
      screenshot: (page, name) => saveScreenshot(page, name),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The browser loads a private copy: a `wxt build` of another run empties the build folder
 * first and writes manifest.json last, so a copy that has it is a whole build.
 */
export async function copyBuild(buildDir: string, copyDir: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await rm(copyDir, { recursive: true, force: true });
    await cp(buildDir, copyDir, { recursive: true }).catch(() => {});
    if (existsSync(join(copyDir, 'manifest.json'))) return copyDir;
    if (Date.now() > deadline) throw new Error(`No extension build at ${buildDir} (\`npx wxt build\` makes it)`);
    await delay(500);
  }
}

function chromiumArgs(colorScheme: 'light' | 'dark', lang: string): string[] {
  return [
    `--lang=${lang}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--window-size=1280,800',
    // Tried: --blink-settings=preferredColorScheme=0 works too; page.emulateMediaFeatures
    // only after the page has loaded, too late for the popup's first paint.
    colorScheme === 'dark' ? '--force-dark-mode' : '--blink-settings=preferredColorScheme=1',
  ];
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`) as `${string}.png`;
  await page.screenshot({ path });
  return path;
}
