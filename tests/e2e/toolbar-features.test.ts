import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { waitUntil } from './support/stand-ins';
import { serveTestPages, type TestPages } from './support/test-pages';
import { measure } from './support/timings';

/**
 * The right-click menu, the report shortcut and notifications, driven in the
 * production build in Chromium against the local report service. The menu
 * and the command are fired from the service worker (`dispatch`), which runs
 * the extension's real listeners as a click or a key press would.
 */

/** Chromium's own namespace, as the functions evaluated in the worker see it; `dispatch` runs an event's listeners. */
type Dispatchable<A extends unknown[]> = { dispatch(...args: A): void };
declare const chrome: typeof browser & {
  contextMenus: { onClicked: Dispatchable<[object, unknown]> };
  commands: { onCommand: Dispatchable<[string, unknown]> };
  extension: { isAllowedIncognitoAccess(): Promise<boolean> };
};

const KEY = 'e2e-toolbar-key-0123456789';
const PAGE = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} page"></head><body><h1>${title}</h1><a href="/linked">A link</a></body></html>`;

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let options: Page;

/** Runs `fn` in the extension's service worker. */
async function inWorker<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
  return (await ext.worker()).evaluate(fn as never, ...args) as Promise<T>;
}

async function notificationIds(): Promise<string[]> {
  return inWorker(async () => Object.keys(await chrome.notifications.getAll()));
}

/** What a click on each notification will do, as the extension keeps it in session storage. */
async function notificationActions(): Promise<Record<string, { kind: string; id?: number }>> {
  return inWorker(
    async () =>
      ((await chrome.storage.session.get('notificationActions')).notificationActions ?? {}) as Record<string, { kind: string; id?: number }>,
  );
}

/** The options page of an extension connected to the local service (host permission granted without a prompt). */
async function connectedOptions(extension: ExtensionBrowser): Promise<Page> {
  // The service and the pages share 127.0.0.1; the extension asks for the host without a port.
  await extension.grantHostPermission('http://127.0.0.1/*');
  const page = await extension.openOptions();
  const reply = await page.evaluate(
    (baseUrl, apiKey) => chrome.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
    service.baseUrl,
    KEY,
  );
  expect(reply).toMatchObject({ ok: true });
  return page;
}

const reportsOf = async (address: string) => {
  const response = await fetch(
    `${service.baseUrl}/api/v1/reports?search=${encodeURIComponent(address.replace(/^https?:\/\//, '').replace(/\/$/, ''))}`,
    {
      headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
    },
  );
  return ((await response.json()) as { data: { id: number; url: string; result: number; privacy: number }[] }).data;
};

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({
    '/': PAGE('Home'),
    '/linked': PAGE('Linked'),
    '/shortcut': PAGE('Shortcut'),
    '/key': PAGE('Key'),
    '/badge': PAGE('Badge'),
  });
  ext = await launchExtensionBrowser();
  options = await connectedOptions(ext);
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('the right-click menu', { timeout: 60_000 }, () => {
  it('reports the page it was used on and shows the outcome as a notification that opens the report view', async () => {
    const tab = await ext.newTab(site.url('/'));
    const before = await notificationIds();
    await measure('menu click → notification', async () => {
      await inWorker(async (pageUrl) => {
        const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-page', pageUrl, editable: false, frameId: 0 }, active);
      }, site.url('/'));
      await waitUntil('a notification', async () => (await notificationIds()).length > before.length);
    });
    const [report] = await reportsOf(site.url('/'));
    expect(report).toBeDefined();
    const reportUrl = `chrome-extension://${ext.extensionId}/report.html?id=${report!.id}`;
    const id = (await notificationIds()).find((n) => !before.includes(n))!;
    // The click opens the report on the service it was made on: the default one.
    const service = await inWorker(async () => ((await chrome.storage.local.get('services')).services as { defaultId: string }).defaultId);
    expect((await notificationActions())[id]).toEqual({ kind: 'report', id: report!.id, service });
    // A popup opened on the page later finds the same outcome.
    const state = await options.evaluate((url) => chrome.runtime.sendMessage({ type: 'getPageState', payload: { url } }), site.url('/'));
    expect(state).toMatchObject({ ok: true, value: { job: { state: 'done', report: { id: report!.id } } } });

    // The user clicks the notification after the browser stopped the idle worker.
    await ext.stopWorker();
    await inWorker((n) => (chrome.notifications.onClicked as unknown as Dispatchable<[string]>).dispatch(n), id);
    // The extension sees the addresses of its own pages' tabs.
    await waitUntil('the report view opened in a tab', () =>
      inWorker(async (u) => (await chrome.tabs.query({})).some((t) => t.url === u), reportUrl),
    );
    expect(await notificationIds()).not.toContain(id);
    await tab.close();
  });

  it('reports the target of a link, not the page it is on', async () => {
    const tab = await ext.newTab(site.url('/'));
    const before = await notificationIds();
    await inWorker(
      async (pageUrl, linkUrl) => {
        const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        chrome.contextMenus.onClicked.dispatch({ menuItemId: 'report-link', pageUrl, linkUrl, editable: false, frameId: 0 }, active);
      },
      site.url('/'),
      site.url('/linked'),
    );
    await waitUntil('a notification', async () => (await notificationIds()).length > before.length);
    expect((await reportsOf(site.url('/linked'))).map((r) => r.url)).toEqual([site.url('/linked').replace(/^http:\/\//, '')]);
    await tab.close();
  });
});

describe('the "report the current page" shortcut', { timeout: 60_000 }, () => {
  it('comes with default keys the browser accepted, for the popup and for reporting directly', async () => {
    const commands = await inWorker(() => chrome.commands.getAll());
    expect(Object.fromEntries(commands.map((c) => [c.name, c.shortcut]))).toEqual({
      _execute_action: 'Alt+Shift+O',
      'report-page': 'Alt+Shift+S',
      'open-beside': 'Alt+Shift+Y',
    });
    // The options page says where they are changed in this browser.
    expect(await options.$eval('#shortcut-place', (help) => help.textContent)).toBe(
      'Chrome, Edge and other Chromium browsers keep them at chrome://extensions/shortcuts.',
    );
  });

  it('reports the tab it was pressed in, without the popup', async () => {
    const tab = await ext.newTab(site.url('/shortcut'));
    const postsBefore = service.createRequests();
    const before = await notificationIds();
    await inWorker(async () => {
      const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      chrome.commands.onCommand.dispatch('report-page', active);
    });
    await waitUntil('a notification', async () => (await notificationIds()).length > before.length);
    expect(service.createRequests()).toBe(postsBefore + 1);
    expect(await reportsOf(site.url('/shortcut'))).toHaveLength(1);
    await tab.close();
  });
});

describe('in a real window: the shortcut key, then the toolbar badge', { timeout: 120_000 }, () => {
  // Real key presses and the real permission prompt (the badge needs the optional `tabs`) need a headed browser.
  let headed: ExtensionBrowser;
  let settingsPage: Page;
  const inHeadedWorker = async <T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> =>
    (await headed.worker()).evaluate(fn as never, ...args) as Promise<T>;

  const tabIdOf = (url: string) =>
    waitUntil(`the tab of ${url}`, () => inHeadedWorker(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id, url));
  const badgeOf = (tabId: number) =>
    inHeadedWorker(
      async (id) => ({ text: await chrome.action.getBadgeText({ tabId: id }), color: await chrome.action.getBadgeBackgroundColor({ tabId: id }) }),
      tabId,
    );
  const lookupsOf = (url: string) => {
    const search = encodeURIComponent(url.replace(/^https?:\/\//, ''));
    return service.requestLog.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?') && r.path.includes(search)).length;
  };
  const badgeCheckbox = () => settingsPage.waitForSelector('input[type="checkbox"][aria-describedby="badge-reason"]');

  beforeAll(async () => {
    headed = await launchExtensionBrowser({ headed: true });
    await allowInIncognito(headed);
    settingsPage = await connectedOptions(headed);
    await settingsPage.reload();
  }, 60_000);
  afterAll(() => headed?.close());

  it('pressing Alt+Shift+S reports the page in front of the user, whose address only the key press reveals', async () => {
    // localhost, not 127.0.0.1: the extension holds no permission for it, so only activeTab,
    // granted by the key press itself, lets it read the address.
    const url = site.url('/key').replace('//127.0.0.1:', '//localhost:');
    expect(await inHeadedWorker(() => chrome.permissions.contains({ origins: ['http://localhost/*'] }))).toBe(false);
    const page = await headed.newTab(url);
    await page.bringToFront();
    const before = await inHeadedWorker(async () => Object.keys(await chrome.notifications.getAll()).length);
    await measure('shortcut key → notification', async () => {
      headed.pressKeys('alt+shift+s');
      await waitUntil(
        'a notification',
        async () => (await inHeadedWorker(async () => Object.keys(await chrome.notifications.getAll()).length)) > before,
      );
    });
    expect((await reportsOf(url)).map((r) => r.url)).toEqual([url.replace(/^http:\/\//, '')]);
    await page.close();
  });

  it('is turned on in the options, asking the browser for the tabs permission in the click', async () => {
    const checkbox = await badgeCheckbox();
    expect(await checkbox!.evaluate((box) => (box as HTMLInputElement).checked)).toBe(false);
    await settingsPage.bringToFront();
    await checkbox!.click();
    await headed.grantPermissionPrompt(settingsPage);
    await settingsPage.waitForFunction(
      () =>
        (document.querySelector('input[aria-describedby="badge-reason"]') as HTMLInputElement | null)?.checked === true &&
        !(document.querySelector('input[aria-describedby="badge-reason"]') as HTMLInputElement).disabled,
    );
    expect(await inHeadedWorker(() => chrome.permissions.contains({ permissions: ['tabs'] }))).toBe(true);
    await headed.screenshot(settingsPage, 'options-toolbar-settings-badge-on');
  });

  it('shows the score of the latest report of the tab’s address, on the colour of its label', async () => {
    const url = site.url('/badge');
    service.seedReports(KEY, [
      { url, score: 40 },
      { url, score: 91 },
    ]);
    await measure('badge: page load → score on the icon', async () => {
      await headed.newTab(url);
      const tabId = await tabIdOf(url);
      await waitUntil('the badge', async () => (await badgeOf(tabId)).text === '91');
    });
    const tabId = await tabIdOf(url);
    expect(await badgeOf(tabId)).toEqual({ text: '91', color: [0x1e, 0x7e, 0x34, 255] });
    expect(lookupsOf(url)).toBe(1);
  });

  it('shows “…” while a report is made for the tab, then its result at once', async () => {
    const url = site.url('/shortcut');
    const page = await headed.newTab(url);
    const tabId = await tabIdOf(url);
    const latest = (await reportsOf(url))[0];
    await waitUntil('the first badge', async () => (await badgeOf(tabId)).text === String(latest?.result ?? ''));
    service.configure({ latencyMs: 1500 });
    try {
      await inHeadedWorker(async (id) => chrome.commands.onCommand.dispatch('report-page', await chrome.tabs.get(id)), tabId);
      await waitUntil('the progress mark', async () => (await badgeOf(tabId)).text === '…', 5_000);
      const before = (await reportsOf(url)).length;
      await waitUntil('the new report', async () => (await reportsOf(url)).length > before);
      const [made] = await reportsOf(url);
      await waitUntil('the new score', async () => (await badgeOf(tabId)).text === String(made!.result), 5_000);
    } finally {
      service.configure({ latencyMs: 0 });
    }
    await page.close();
  });

  it('never looks up a page in an incognito window', async () => {
    const url = site.url('/linked');
    const [latest] = await reportsOf(url);
    // Counted after the test's own query above: from here on, only the extension asks.
    const lookupsBefore = lookupsOf(url);
    const windowId = await inHeadedWorker(async (u) => (await chrome.windows.create({ incognito: true, url: u }))?.id ?? -1, url);
    const tabId = await waitUntil('the incognito tab', () =>
      inHeadedWorker(async (w) => (await chrome.tabs.query({ windowId: w }))[0]?.id, windowId),
    );
    await waitUntil('the incognito page to load', () => inHeadedWorker(async (id) => (await chrome.tabs.get(id)).status === 'complete', tabId));
    // The extension is allowed there and sees the address: only the badge's own rule keeps it from asking.
    expect(
      await inHeadedWorker(async (id) => {
        const t = await chrome.tabs.get(id);
        return { incognito: t.incognito, url: t.url };
      }, tabId),
    ).toEqual({ incognito: true, url });
    // The same address in a normal tab, opened after it, is looked up and gets its badge.
    await headed.newTab(url);
    const normalTab = await waitUntil('the normal tab', () =>
      inHeadedWorker(async (u) => (await chrome.tabs.query({ url: u })).find((t) => !t.incognito)?.id, url),
    );
    await waitUntil('the normal tab’s badge', async () => (await badgeOf(normalTab)).text === String(latest!.result));
    expect(lookupsOf(url)).toBe(lookupsBefore + 1);
    expect((await badgeOf(tabId)).text).toBe('');
    await inHeadedWorker((w) => chrome.windows.remove(w), windowId);
  });

  it('tells, beside the right-click help, that a password default becomes private, as soon as it is chosen', async () => {
    await settingsPage.bringToFront();
    const note = 'Your default privacy is Password-protected, but there is nowhere to type a password';
    const saved = await settingsPage.evaluate(() => chrome.runtime.sendMessage({ type: 'savePreferences', payload: { defaultPrivacy: 2 } }));
    expect(saved).toMatchObject({ ok: true });
    await settingsPage.waitForFunction((text) => document.body.innerText.includes(text), { timeout: 5_000 }, note);
    await settingsPage.evaluate(() => chrome.runtime.sendMessage({ type: 'savePreferences', payload: { defaultPrivacy: 1 } }));
    await settingsPage.waitForFunction((text) => !document.body.innerText.includes(text), { timeout: 5_000 }, note);
  });

  it('clears every badge when turned off', async () => {
    const url = site.url('/badge');
    const tabId = await tabIdOf(url);
    await settingsPage.bringToFront();
    await settingsPage.reload();
    const checkbox = await badgeCheckbox();
    await settingsPage.waitForFunction(
      () => (document.querySelector('input[aria-describedby="badge-reason"]') as HTMLInputElement | null)?.checked === true,
    );
    await checkbox!.click();
    await waitUntil('the badge to clear', async () => (await badgeOf(tabId)).text === '');
    // The page gives the permission back once the background has saved the choice (and cleared the badges): its
    // change is over when the box can be used again.
    await settingsPage.waitForFunction(() => {
      const box = document.querySelector('input[aria-describedby="badge-reason"]') as HTMLInputElement | null;
      return box?.checked === false && !box.disabled;
    });
    expect(await inHeadedWorker(() => chrome.permissions.contains({ permissions: ['tabs'] }))).toBe(false);
  });
});

/**
 * Extensions see incognito windows only when the user allows it. Allowing it
 * from chrome://extensions reloads the extension under the debugger and
 * leaves a dead worker target behind, so it is installed again from the same
 * folder (the id comes from it), allowed from the start. Storage and
 * permissions go with the old install: call this first.
 */
async function allowInIncognito(extension: ExtensionBrowser): Promise<void> {
  const page = await extension.browser.newPage();
  let path: string;
  try {
    await page.goto('chrome://extensions');
    path = await page.evaluate(
      async (id) => (await (globalThis as unknown as DeveloperPrivate).chrome.developerPrivate.getExtensionInfo(id)).path,
      extension.extensionId,
    );
  } finally {
    await page.close();
  }
  await extension.browser.uninstallExtension(extension.extensionId);
  const session = await extension.browser.target().createCDPSession();
  try {
    const { id } = (await session.send('Extensions.loadUnpacked', { path, enableInIncognito: true } as never)) as { id: string };
    expect(id).toBe(extension.extensionId);
  } finally {
    await session.detach();
  }
  // The uninstalled extension's worker target can linger for a moment, without extension APIs:
  // ask until the new install's worker answers.
  const allowed = await waitUntil('the reinstalled worker', async () => {
    const answer = await (
      await extension.worker()
    )
      .evaluate(() => (typeof chrome === 'undefined' ? null : chrome.extension.isAllowedIncognitoAccess()))
      .catch(() => null);
    return answer === null ? null : { answer };
  });
  expect(allowed.answer).toBe(true);
}

interface DeveloperPrivate {
  chrome: { developerPrivate: { getExtensionInfo(id: string): Promise<{ path: string }> } };
}
