/**
 * Watched pages in Firefox: "Watch this page" in the popup, then "Check now" in the options.
 * One new report is made through the run engine's event page, and the list shows the check.
 * The production build against the local service, auditing a local test site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { WatchesSection } from '../e2e/support/pages/watches.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { storedReports } from '../e2e/support/stored-reports.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox watches.test.ts');
const KEY = 'e2e-firefox-watches-key-5d1e27';

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/watched': { body: pageHtml({ title: 'A watched page on 127.0.0.1' }) } });
  ext = await launchFirefoxExtension();
  const options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('a watched page in Firefox', { timeout: 120_000 }, () => {
  it('is watched from the popup and checked now from the options: one new report, the list updated', async () => {
    const pageUrl = site.url('/watched');
    const reportsOfPage = () => storedReports(service.baseUrl, KEY).ofPage(pageUrl);

    const popup = await PopupPage.openOn(ext, await ext.newTab(pageUrl));
    await popup.waitForReady();
    expect(await popup.createReport({ privacy: 'public' })).toBe('done');
    await popup.page.locator('::-p-aria(Watch this page[role="button"])').click();
    await popup.waitForText('Watched: checked every week.');
    await popup.close();
    expect(await reportsOfPage()).toHaveLength(1);

    const watches = new WatchesSection(await ext.openOptions());
    await watches.waitForList();
    const [row] = await watches.watches();
    expect(row).toMatchObject({ address: pageUrl, verdict: 'none', last: '' });

    await watches.checkNow(pageUrl);
    await waitUntil('the check is shown', async () => (await watches.watches())[0]?.last !== '', 60_000);
    const reports = await reportsOfPage();
    expect(reports).toHaveLength(2);
    expect(reports.every((r) => r.privacy === 0)).toBe(true);
    const [checked] = await watches.watches();
    expect(checked!.verdict).toBe('steady');
    expect(checked!.score).toMatch(/^Score \d+/);
    expect(checked!.failures).toEqual([]);
  });
});
