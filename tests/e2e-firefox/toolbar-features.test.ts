/**
 * What the extension does outside its popup, in Firefox: the right-click menu (opened with a
 * real right click, its item chosen in Firefox's own menu), notifications (Firefox's own alert
 * windows, clicked), the keyboard shortcuts (registered by Firefox, pressed, and changed in
 * about:addons) and the toolbar badge (as Firefox draws it on the button). Pages are served on
 * `localhost`, a host the extension holds no permission for.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { RESULT_LABEL_TEXT, scoreLabel } from '../../lib/shared/score.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { storedReports } from '../e2e/support/stored-reports.ts';
import { serveTestPages, type TestPages } from '../e2e/support/test-pages.ts';
import { measure } from '../e2e/support/timings.ts';
import { closeAddons, listedShortcuts } from './support/addons-manager.ts';
import { clickAlert, shownAlerts, waitForAlert } from './support/alerts.ts';
import { chooseContextMenuItem, openContextMenu } from './support/context-menu.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';
import { pressShortcut, registeredShortcuts, toolbarBadge } from './support/toolbar.ts';

const fileTiming = timeFile('firefox toolbar-features.test.ts');
const KEY = 'e2e-firefox-toolbar-5c8e1b94a0';
const PAGE = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} page"></head><body><h1>${title}</h1><a id="link" href="/linked">A link</a></body></html>`;

let service: RunningService;
let site: TestPages;
let ext: FirefoxExtension;
let options: OptionsPage;
const url = (path: string) => site.url(path).replace('//127.0.0.1:', '//localhost:');
const onService = () => storedReports(service.baseUrl, KEY);
const tabUrls = () => ext.chrome.run((c) => c.gBrowser.browsers.map((b) => b.currentURI.spec));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/': PAGE('Home'), '/linked': PAGE('Linked'), '/key': PAGE('Key'), '/badge': PAGE('Badge'), '/busy': PAGE('Busy') });
  ext = await launchFirefoxExtension();
  options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the right-click menu', () => {
  it('reports the page, tells the outcome in a notification, and a click on it opens the report, even after the event page was unloaded', async () => {
    const tab = await ext.newTab(url('/'));
    expect(await openContextMenu(ext.chrome, ext.id, tab)).toEqual(['Report this page']);
    const alert = await measure('firefox: menu click → notification', async () => {
      await chooseContextMenuItem(ext.chrome, 'Report this page');
      return waitForAlert(ext.chrome, storedAddress(url('/')));
    });
    const [report] = await onService().ofPage(url('/'));
    expect(report).toBeDefined();
    const label = RESULT_LABEL_TEXT[scoreLabel(report!.result!)];
    expect(alert).toEqual({ title: 'Report created', text: `Score ${report!.result} – ${label} · ${storedAddress(url('/'))}` });

    // The user clicks it once Firefox has unloaded the idle event page: the click wakes it.
    await ext.eventPage.unload();
    await clickAlert(ext.chrome, storedAddress(url('/')));
    // It opens in the extension's report view.
    const reportUrl = `${ext.origin}/report.html?id=${report!.id}`;
    await waitUntil('the report opened in a tab', async () => (await tabUrls()).includes(reportUrl));
    expect(await shownAlerts(ext.chrome)).toEqual([]);
    await tab.close();
  });

  it('reports the target of a link, not the page it is on', async () => {
    const tab = await ext.newTab(url('/'));
    expect(await openContextMenu(ext.chrome, ext.id, tab, '#link')).toEqual(['Report this link']);
    await chooseContextMenuItem(ext.chrome, 'Report this link');
    await waitForAlert(ext.chrome, storedAddress(url('/linked')));
    expect((await onService().ofPage(url('/linked'))).map((r) => r.url)).toEqual([storedAddress(url('/linked'))]);
    await tab.close();
  });
});

describe('the keyboard shortcuts', () => {
  it('are the suggested keys, which Firefox registered', async () => {
    expect(await registeredShortcuts(ext.chrome, ext.id)).toEqual(['alt,shift+O', 'alt,shift+S', 'alt,shift+Y']);
    const commands = await (await ext.host()).evaluate(() => browser.commands.getAll());
    expect(Object.fromEntries(commands.map((c) => [c.name, c.shortcut]))).toEqual({
      _execute_action: 'Alt+Shift+O',
      'report-page': 'Alt+Shift+S',
      'open-beside': 'Alt+Shift+Y',
    });
  });

  it('Alt+Shift+S reports the page in front of the user, whose address only the key press reveals', async () => {
    const tab = await ext.newTab(url('/key'));
    await tab.bringToFront();
    const before = (await onService().ofPage(url('/key'))).length;
    await measure('firefox: shortcut key → notification', async () => {
      await pressShortcut(ext.chrome, 'S', { altKey: true, shiftKey: true });
      await waitForAlert(ext.chrome, storedAddress(url('/key')));
    });
    expect(await onService().ofPage(url('/key'))).toHaveLength(before + 1);
    await tab.close();
  });

  it('are changed in about:addons: the options page says so, and its button opens “Manage Extension Shortcuts”', async () => {
    await options.page.bringToFront();
    expect(await options.page.$eval('#shortcut-place', (help) => help.textContent)).toBe(
      'Firefox keeps them in about:addons: the gear menu, then “Manage Extension Shortcuts”.',
    );
    await options.page.locator('::-p-aria([name="Change shortcuts"][role="button"])').click();
    await ext.chrome.waitFor('about:addons', (c) => c.gBrowser.selectedBrowser.currentURI.spec.startsWith('about:addons'), []);
    const listed = await waitUntil('the shortcuts listed', async () => {
      const found = await listedShortcuts(ext.chrome, ext.name);
      return found.length > 0 && found;
    });
    // Firefox writes the same keys its own way round.
    expect(listed).toEqual([
      { command: 'Open Site Report', keys: 'Shift+Alt+O' },
      { command: 'Report the current page', keys: 'Shift+Alt+S' },
      { command: 'Show the audit beside the page', keys: 'Shift+Alt+Y' },
    ]);
    await closeAddons(ext.chrome);
  });
});

describe('the toolbar badge', () => {
  let badgeTab: Page;
  const badgeOn = (tab: Page) => tab.bringToFront().then(() => toolbarBadge(ext.chrome, ext.id));

  it('is turned on in the options, asking Firefox for the tabs permission in the click', async () => {
    await options.page.bringToFront();
    const checkbox = await options.page.waitForSelector('input[type="checkbox"][aria-describedby="badge-reason"]');
    expect(await checkbox!.evaluate((box) => (box as HTMLInputElement).checked)).toBe(false);
    await checkbox!.click();
    await ext.grantPermissionPrompt(options.page);
    expect(ext.prompts.at(-1)?.permissions).toEqual(['Access browser tabs']);
    await options.page.waitForFunction(() => {
      const box = document.querySelector<HTMLInputElement>('input[aria-describedby="badge-reason"]');
      return box?.checked === true && !box.disabled;
    });
    expect(await (await ext.host()).evaluate(() => browser.permissions.contains({ permissions: ['tabs'] }))).toBe(true);
  });

  it('shows the score of the latest report of the tab’s address on the button, on the colour of its label', async () => {
    service.seedReports(KEY, [
      { url: url('/badge'), score: 40 },
      { url: url('/badge'), score: 91 },
    ]);
    badgeTab = await measure('firefox badge: page load → score on the button', async () => {
      const tab = await ext.newTab(url('/badge'));
      await waitUntil('the badge', async () => (await badgeOn(tab)).text === '91');
      return tab;
    });
    expect(await badgeOn(badgeTab)).toEqual({ text: '91', style: 'background-color: rgba(30, 126, 52, 1); color: rgba(255, 255, 255, 1)' });
  });

  it('shows “…” while a report is made for the tab, then its result', async () => {
    const tab = await ext.newTab(url('/busy'));
    service.configure({ latencyMs: 1_500 });
    try {
      await pressShortcut(ext.chrome, 'S', { altKey: true, shiftKey: true });
      await waitUntil('the progress mark', async () => (await badgeOn(tab)).text === '…', 5_000);
      const [made] = await waitUntil('the new report', async () => {
        const found = await onService().ofPage(url('/busy'));
        return found.length > 0 && found;
      });
      await waitUntil('the new score', async () => (await badgeOn(tab)).text === String(made!.result), 5_000);
    } finally {
      service.configure({ latencyMs: 0 });
    }
    await tab.close();
  });

  it('clears every badge when turned off, and gives the tabs permission back', async () => {
    await options.page.bringToFront();
    await options.page.locator('input[type="checkbox"][aria-describedby="badge-reason"]').click();
    await waitUntil('the badge to clear', async () => (await badgeOn(badgeTab)).text === '');
    expect(await (await ext.host()).evaluate(() => browser.permissions.contains({ permissions: ['tabs'] }))).toBe(false);
  });
});
