/**
 * "Report the page in front of you" in Firefox: the toolbar button clicked over real tabs, the
 * popup driven by the same page object as in Chromium (see support/README.md for how a
 * toolbar popup is reached in Firefox), against the local report service. The pages are served
 * on `localhost`, a host the extension holds no permission for: only the click on the button
 * (activeTab) lets the popup read their address. One browser for the file; the tests build on each other.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { RESULT_LABEL_TEXT, scoreLabel } from '../../lib/shared/score.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { storedReports } from '../e2e/support/stored-reports.ts';
import { measure } from '../e2e/support/timings.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox report-page.test.ts');
const KEY = 'e2e-firefox-popup-key-71c0d93e5a';
const ACCOUNT = { name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, planName: 'Team', reportsPerMonth: 500 };

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
const tabs = new Map<string, Page>();
const onService = () => storedReports(service.baseUrl, KEY);
const pageUrl = (path: string) => site.url(path).replace('//127.0.0.1:', '//localhost:');

async function tabOn(path: string): Promise<Page> {
  const known = tabs.get(path);
  if (known && !known.isClosed()) return known;
  const tab = await ext.newTab(pageUrl(path));
  tabs.set(path, tab);
  return tab;
}

async function popupOn(path: string): Promise<PopupPage> {
  return PopupPage.openOn(ext, await tabOn(path));
}

beforeAll(async () => {
  service = await startReportService({ accounts: [ACCOUNT] });
  site = await startPageServer({
    // Over http with no description and no h1: 95 of 125 → 76, "decent".
    '/': { body: pageHtml({ title: 'Home of the test site', description: null, body: '<p>No heading here.</p>' }) },
    '/slow': { body: pageHtml({ title: 'Audited slowly' }) },
    '/cut-off': { body: pageHtml({ title: 'Audited while Firefox unloads the event page' }) },
    '/remembered': { body: pageHtml({ title: 'Privacy remembered' }) },
  });
  ext = await launchFirefoxExtension();
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('before the extension is connected', () => {
  it('offers one call to action, which opens the options page, where the user connects', async () => {
    const popup = await popupOn('/');
    expect(await popup.settled()).toBe('ready');
    await popup.page.waitForSelector('[data-need="connect"]');
    expect(await popup.address()).toBe(pageUrl('/'));
    expect(await popup.buttons()).toEqual(['Options', 'Open the options to connect']);

    const optionsTab = await popup.clickOpening('Open the options to connect', '/options.html');
    const options = new OptionsPage(optionsTab);
    await options.waitForLoaded();
    const saved = await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant');
    expect(saved).toMatchObject({ ok: true, message: `Connected to ${new URL(service.baseUrl).host}.` });
    expect(await options.account()).toMatchObject({ email: 'ada@example.com' });
    // Only the service's host: the test pages' own host stays out of reach but for the button's click.
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    expect(await ext.hasHostPermission(pageUrl('/'))).toBe(false);
    await options.close();
  });
});

describe('creating reports from the popup', () => {
  const made: number[] = [];

  it.each([
    { privacy: 'public' as const, stored: 0, shown: 'Public', password: undefined },
    { privacy: 'private' as const, stored: 1, shown: 'Private', password: undefined },
    { privacy: 'password' as const, stored: 2, shown: 'Password-protected', password: 'correct horse 7' },
  ])('creates a $privacy report and shows the score and label the service stored', async ({ privacy, stored, shown, password }) => {
    const popup = await measure(`firefox popup: click on the button → ready (${privacy})`, async () => {
      const opened = await popupOn('/');
      await opened.waitForReady();
      return opened;
    });
    expect(await popup.address()).toBe(pageUrl('/'));
    expect(await popup.reportCount()).toBe(made.length);

    expect(await popup.createReport({ privacy, password })).toBe('done');
    const result = await popup.result();
    const kept = await onService().byId(result.id);
    expect(result).toEqual({
      heading: 'Report ready',
      id: kept.id,
      score: kept.result,
      label: RESULT_LABEL_TEXT[scoreLabel(kept.result!)],
      privacy: shown,
    });
    expect(kept).toMatchObject({ url: storedAddress(pageUrl('/')), privacy: stored, password: stored === 2 });
    expect((await popup.listedReports())[0]).toEqual({ id: kept.id, score: kept.result, label: result.label, privacy: shown });
    made.push(kept.id);
    if (privacy === 'password') await ext.screenshot(popup.page, 'popup-result');
    await popup.clickDone();
    await popup.close();
  });

  it('lists the reports of the page, newest first, when the popup is opened again', async () => {
    const popup = await popupOn('/');
    await popup.waitForReady();
    expect((await popup.listedReports()).map((r) => r.id)).toEqual([...made].reverse());
    expect((await popup.listedReports()).map((r) => r.privacy)).toEqual(['Password-protected', 'Private', 'Public']);
    expect(await popup.textOf('#page-reports-heading')).toBe('Reports of this page (3)');
    await popup.close();
  });
});

describe('pages that cannot be reported', () => {
  // Unlike Chromium, which hides a data: page's address from extensions, Firefox shows it after the click: the popup can say exactly why.
  it.each([
    { address: 'about:blank', says: "This is one of the browser's own pages. Only web pages (http or https) can be reported." },
    {
      address: 'data:text/html,<title>Local</title><h1>Typed in</h1>',
      says: 'This page has no address on the web; the report service cannot reach it.',
    },
  ])('on $address, says why and offers no button', async ({ address, says }) => {
    const tab = await ext.newTab(address);
    const popup = await PopupPage.openOnHiddenTab(ext, tab);
    expect(await popup.settled()).toBe('unsupported');
    expect(await popup.notices()).toEqual([says]);
    expect(await popup.buttons()).toEqual(['Options']);
    await popup.close();
    await tab.close();
  });
});

describe('a report outlives the popup and the event page', () => {
  afterAll(() => service.configure({ latencyMs: 0 }));

  it('goes on when the popup closes, and its outcome shows when the popup is opened again', async () => {
    service.configure({ latencyMs: 4_000 });
    const before = service.createRequests();
    const popup = await popupOn('/slow');
    await popup.waitForReady();
    await popup.choosePrivacy('public');
    await popup.clickCreate();
    expect(await popup.waitForJob(['running'])).toBe('running');
    await popup.close();

    const during = await popupOn('/slow');
    await during.waitForReady();
    expect(await during.job()).toBe('running');
    await during.close();

    const [kept] = await waitUntil('the service to store the report', async () => {
      const found = await onService().ofPage(pageUrl('/slow'));
      return found.length > 0 && found;
    });
    const after = await popupOn('/slow');
    await after.waitForReady();
    expect(await after.waitForJob(['done'])).toBe('done');
    expect(await after.result()).toMatchObject({ id: kept!.id, score: kept!.result, privacy: 'Public' });
    expect(service.createRequests()).toBe(before + 1);
    await after.close();
  });

  it('after Firefox unloads the idle event page, still has the connection, the chosen privacy and the last outcome', async () => {
    const remembered = await popupOn('/remembered');
    await remembered.waitForReady();
    await remembered.choosePrivacy('password');
    await remembered.close();
    const lastId = (await onService().ofPage(pageUrl('/slow')))[0]!.id;

    // Firefox's own idle timer, shortened from 30 s (it is read when the event page starts): nothing asks anything meanwhile.
    await ext.eventPage.setIdleTime(500);
    try {
      await ext.eventPage.unload();
      await (await ext.host()).evaluate(() => browser.runtime.sendMessage({ type: 'getSettings', payload: {} }));
      await measure('firefox: event page idle → unloaded by Firefox', () => ext.eventPage.waitUntilUnloaded());
    } finally {
      await ext.eventPage.restoreIdleTime();
    }

    const outcome = await popupOn('/slow');
    await outcome.waitForReady();
    expect(await outcome.job()).toBe('done');
    expect((await outcome.result()).id).toBe(lastId);
    await outcome.close();

    const form = await popupOn('/remembered');
    await form.waitForReady();
    expect(await form.checkedPrivacy()).toBe('Password');
    expect(await form.page.$eval('#report-password', (input) => (input as HTMLInputElement).value)).toBe('');
    await form.close();
  });

  it('finds the report on the service when the event page was unloaded in the middle of the audit', async () => {
    service.configure({ latencyMs: 2_000 });
    const createsBefore = service.createRequests();
    const popup = await popupOn('/cut-off');
    await popup.waitForReady();
    await popup.choosePrivacy('private');
    await popup.clickCreate();
    expect(await popup.waitForJob(['running'])).toBe('running');
    await popup.close();
    // Unloaded with the request under way, as a crash of the extension's process would: the audit goes on at the service.
    // The job shows as running before its POST leaves, so the unload waits for the service to have the request.
    await waitUntil('the POST to reach the service', async () => service.createRequests() > createsBefore);
    await ext.eventPage.unload();
    const [kept] = await waitUntil('the service to store the report', async () => {
      const found = await onService().ofPage(pageUrl('/cut-off'));
      return found.length > 0 && found;
    });

    const after = await popupOn('/cut-off');
    await after.waitForReady();
    expect(await after.waitForJob(['done', 'failed'])).toBe('done');
    expect(await after.result()).toMatchObject({ id: kept!.id, privacy: 'Private' });
    await after.close();
  });
});
