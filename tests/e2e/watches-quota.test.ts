/**
 * Watched pages when the month's quota is used up, in Chromium: two watches come due, the local service
 * refuses their creates as real deployments do (422, "You created too many reports."), and the watches
 * pause until the next month with exactly one notification; the options' list says so. A second due
 * wake sends nothing, and "Check now", refused again, tells nothing again. The production build
 * against the local service, auditing a local test site.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { recordNotifications } from './support/notifications.ts';
import { WatchesSection } from './support/pages/watches.ts';
import { waitUntil } from './support/stand-ins.ts';

declare const chrome: {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { local: { get(key: string): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } };
  alarms: { onAlarm: { dispatch(alarm: { name: string; scheduledTime: number }): void } };
};

const fileTiming = timeFile('watches-quota.test.ts');
const KEY = 'e2e-watches-quota-key-4f1a9c';

let service: RunningService;
let site: PageServer;
let ext: ExtensionBrowser;

async function ask<T>(page: Page, type: string, payload: object = {}): Promise<T> {
  const reply = (await page.evaluate((t, p) => chrome.runtime.sendMessage({ type: t, payload: p }), type, payload)) as { ok: boolean; value: T };
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
  return reply.value;
}

/** Every watch's last check a month ago, then the run engine's alarm: each is due, as after a month without checks. */
async function wakeWithAllDue(): Promise<void> {
  const worker = await ext.worker();
  await worker.evaluate(async () => {
    const { watches } = (await chrome.storage.local.get('watches')) as { watches: { lastCheckAt: number | null }[] };
    const monthAgo = Date.now() - 32 * 24 * 3600_000;
    await chrome.storage.local.set({ watches: watches.map((watch) => ({ ...watch, lastCheckAt: monthAgo })) });
    chrome.alarms.onAlarm.dispatch({ name: 'work', scheduledTime: Date.now() });
  });
}

const creates = () => service.requestLog.filter((entry) => entry.method === 'POST' && entry.path.startsWith('/api/v1/reports')).length;

/** The first day of the next calendar month (UTC, as the service counts), as the notification writes it. */
function nextMonthDay(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString('en-u-nu-latn', { dateStyle: 'medium' });
}

beforeAll(async () => {
  service = await startReportService({ rateLimit: null, accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/first': () => ({ body: pageHtml() }), '/second': () => ({ body: pageHtml() }) });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission('http://127.0.0.1/*');
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('watched pages when the month’s quota is used up', { timeout: 150_000 }, () => {
  it('pause until the next month, said once in a notification and in the list', async () => {
    const options = await ext.openOptions();
    await ask(options, 'saveConnection', { baseUrl: service.baseUrl, apiKey: KEY });
    await ask(options, 'addWatches', {
      pages: [{ url: site.url('/first') }, { url: site.url('/second') }],
      every: 'daily',
      hour: 3,
      offsetMinutes: 0,
    });
    const watches = new WatchesSection(options);
    await watches.waitForList();
    expect(await watches.watches()).toHaveLength(2);

    // The plan's reports are all made this month: every create is refused.
    service.configure({ reportsPerMonth: 0 });
    const refused = await fetch(`${service.baseUrl}/api/v1/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.url('/first'), privacy: 1 }),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: { url: ['You created too many reports.'] }, status: 422 });
    const shown = await recordNotifications(await ext.worker());
    const before = creates();
    await wakeWithAllDue();
    await waitUntil('both checks refused', async () => (await watches.watches()).every((watch) => watch.failures.length === 1), 60_000);
    expect(creates() - before).toBe(2);

    // One notification, naming the day the checks start again.
    await waitUntil('the notification', async () => (await shown()).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await shown()).toEqual([
      { title: 'Watched pages paused', message: `This month’s quota is used up. The checks start again on ${nextMonthDay()}.` },
    ]);

    // The list: the pause and its end, each watch's next check no sooner, and why the last one failed.
    await options.waitForSelector('#watches .notice');
    const notice = await options.$eval('#watches .notice', (element) => element.textContent ?? '');
    expect(notice).toMatch(/^This month’s quota is used up: the watches wait until /);
    const nextMonth = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1);
    const nextChecks = await options.$$eval('#watches .watches__next time', (times) =>
      times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')),
    );
    expect(nextChecks).toHaveLength(2);
    for (const next of nextChecks) expect(next).toBeGreaterThanOrEqual(nextMonth);
    for (const watch of await watches.watches()) {
      expect(watch.failures).toEqual([
        expect.stringMatching(/^Last check failed: You have created as many reports this month as your plan allows\./),
      ]);
    }

    // A second due wake while paused: no create is sent, nothing is told.
    await wakeWithAllDue();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(creates() - before).toBe(2);
    expect(await shown()).toHaveLength(1);

    // "Check now" still asks the service; refused again, it tells nothing again.
    await watches.checkNow(site.url('/first'));
    await waitUntil('the check refused', async () => creates() - before === 3, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await shown()).toHaveLength(1);
    await options.close();
  });
});
