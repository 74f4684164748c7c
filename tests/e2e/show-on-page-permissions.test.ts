/**
 * "Show on page" from a report view opened without the popup (no tab to work in), in Chromium on
 * the production build: the site permission it asks for in the click is given back on every way
 * out, and a site the user had granted before stays granted. Each test compares the extension's
 * granted permissions (`permissions.getAll()`) before and after. The browser's prompt is answered
 * yes ahead of time (`preapproveHostPermission`), so the request in the click resolves at once.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { ReportViewPage } from './support/pages/report-view.ts';

const fileTiming = timeFile('show-on-page-permissions.test.ts');
const KEY = 'e2e-show-on-page-key-7c41d2';
const CHECK = 'image_keywords';
/** What a click on "Show on page" asks for: the report's site, both schemes. */
const SITE = ['http://localhost/*', 'https://localhost/*'];

let service: RunningService;
let site: PageServer;
let ext: ExtensionBrowser;
let pageUrl: string;
let reportId: number;

/** Every host permission the extension holds now, sorted. */
async function granted(): Promise<string[]> {
  const all = await (await ext.worker()).evaluate(() => browser.permissions.getAll());
  return [...(all.origins ?? [])].sort();
}

/** The report view as the options page or a notification opens it: not bound to the page's tab. */
async function openView(): Promise<ReportViewPage> {
  const view = new ReportViewPage(await ext.openPage(`/report.html?id=${reportId}`));
  await view.waitForReady();
  return view;
}

/** Presses "Show on page" (the site is asked for and granted in the click) and waits for the outline. */
async function outline(view: ReportViewPage): Promise<void> {
  await view.page.bringToFront();
  await view.toggleShowOnPage(CHECK);
  expect(await view.onPageState(CHECK)).toMatchObject({ pressed: true });
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({
    '/shoes': { body: pageHtml({ title: 'Walking shoes', body: '<h1>Walking shoes</h1><img src="/img/shoe.png">' }) },
    '/elsewhere': { body: pageHtml({ title: 'Elsewhere' }) },
  });
  // localhost, not 127.0.0.1: the service's own permission (http://127.0.0.1/*) does not cover it.
  pageUrl = site.url('/shoes').replace('//127.0.0.1:', '//localhost:');
  reportId = service.seedReports(KEY, [{ url: pageUrl, score: 0 }])[0]!.id;
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
});

beforeEach(async () => {
  for (const pattern of SITE) await ext.preapproveHostPermission(pattern);
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('a site permission asked for in the click on "Show on page"', () => {
  // Each test starts with the site not granted and no page but the first, whatever the test before left.
  afterEach(async () => {
    const [, ...opened] = await ext.browser.pages();
    await Promise.all(opened.map((page) => page.close()));
    await (await ext.worker()).evaluate((origins) => browser.permissions.remove({ origins }), SITE);
  });

  it('is given back when the page turns out not to be open in any tab', async () => {
    const before = await granted();
    const view = await openView();
    await view.page.bringToFront();
    await view.toggleShowOnPage(CHECK);
    const state = await view.onPageState(CHECK);
    expect(state.pressed).toBe(false);
    expect(state.status).toMatch(/ in a tab first: the outline is drawn in the page itself\.$/);
    await expect.poll(granted).toEqual(before);
    await view.page.close();
  });

  it('is given back when a second press clears the outline', async () => {
    const tab = await ext.newTab(pageUrl);
    const before = await granted();
    expect(before).not.toContain(SITE[0]);
    const view = await openView();
    await outline(view);
    expect(await granted()).toEqual([...before, ...SITE].sort());
    // The count the one-shot script leaves in the tab: it ran there, with the permission the click added.
    expect(await tab.$('[data-site-report-count]')).not.toBeNull();

    await view.toggleShowOnPage(CHECK);
    expect(await tab.$('[data-site-report-count]')).toBeNull();
    await expect.poll(granted).toEqual(before);
    await Promise.all([view.page.close(), tab.close()]);
  });

  it('is given back when the report view is closed while the outline is on', async () => {
    const tab = await ext.newTab(pageUrl);
    const before = await granted();
    const view = await openView();
    await outline(view);
    expect(await granted()).toEqual([...before, ...SITE].sort());

    await view.page.close();
    await expect.poll(granted).toEqual(before);
    await tab.close();
  });

  it('is given back when the report view is reloaded while the outline is on', async () => {
    const tab = await ext.newTab(pageUrl);
    const before = await granted();
    const view = await openView();
    await outline(view);
    expect(await granted()).toEqual([...before, ...SITE].sort());

    await view.page.reload();
    await view.waitForReady();
    await expect.poll(granted).toEqual(before);
    await Promise.all([view.page.close(), tab.close()]);
  });

  it('is given back when the outlined tab is closed', async () => {
    const tab = await ext.newTab(pageUrl);
    const before = await granted();
    const view = await openView();
    await outline(view);

    await tab.close();
    await view.waitForNotPressed(CHECK);
    await expect.poll(granted).toEqual(before);
    await view.page.close();
  });

  it('is given back when the outlined tab goes to another address', async () => {
    const tab: Page = await ext.newTab(pageUrl);
    const before = await granted();
    const view = await openView();
    await outline(view);

    await tab.goto(site.url('/elsewhere'));
    await view.waitForNotPressed(CHECK);
    await expect.poll(granted).toEqual(before);
    await Promise.all([view.page.close(), tab.close()]);
  });
});

describe('a site the user had granted before the click', () => {
  it('stays granted when the outline goes: only the scheme the click added is given back', async () => {
    await ext.grantHostPermission(SITE[1]!);
    const tab = await ext.newTab(pageUrl);
    const before = await granted();
    expect(before).toContain(SITE[1]);
    expect(before).not.toContain(SITE[0]);
    const view = await openView();
    await outline(view);
    expect(await granted()).toEqual([...before, SITE[0]!].sort());

    await view.toggleShowOnPage(CHECK);
    await expect.poll(granted).toEqual(before);
    await view.page.close();
    await expect.poll(granted).toEqual(before);
    await tab.close();
  });
});
