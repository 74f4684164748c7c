/**
 * Watched pages in Chromium: watched from the popup, the page served worse, "Check now" in the
 * options. Exactly one new report, the notification's words, the webhook's body (a local receiver
 * on 127.0.0.1) without the key or the service's address, and the watch list updated; then the
 * recovery told, and nothing told when the checks that start failing are accepted for the page. The
 * production build against the local service, auditing a local test site.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { recordNotifications } from './support/notifications.ts';
import { PopupPage } from './support/pages/popup.ts';
import { WatchesSection } from './support/pages/watches.ts';
import { waitUntil } from './support/stand-ins.ts';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const fileTiming = timeFile('watches.test.ts');
const KEY = 'e2e-watches-key-0123456789';
const GOOD = pageHtml();
/** The same page without its title: a check of high importance fails, and the score drops. */
const WORSE = pageHtml({ title: null });

let service: RunningService;
let site: PageServer;
let served = GOOD;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
let ext: ExtensionBrowser;

async function ask<T>(page: Page, type: string, payload: object = {}): Promise<T> {
  const reply = (await page.evaluate((t, p) => chrome.runtime.sendMessage({ type: t, payload: p }), type, payload)) as { ok: boolean; value: T };
  expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true });
  return reply.value;
}

const reportsOf = async (address: string) => {
  const search = encodeURIComponent(address.replace(/^https?:\/\//, ''));
  const response = await fetch(`${service.baseUrl}/api/v1/reports?search=${search}&sort_by=id&sort=desc`, {
    headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' },
  });
  return ((await response.json()) as { data: { id: number; privacy: number }[] }).data;
};

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/watched': () => ({ body: served }) });
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission('http://127.0.0.1/*');
  const options = await ext.openOptions();
  await ask(options, 'saveConnection', { baseUrl: service.baseUrl, apiKey: KEY });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await service?.close();
  await fileTiming.done();
});

describe('a watched page', { timeout: 150_000 }, () => {
  it('gets worse: Check now makes one new report, a notification, a webhook call and an updated list', async () => {
    const pageUrl = site.url('/watched');
    const stored = pageUrl.replace(/^https?:\/\//, '');

    // A first report, then "Watch this page" in the popup.
    const tab = await ext.newTab(pageUrl);
    let popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    expect(await popup.createReport({ privacy: 'private' })).toBe('done');
    await popup.page.locator('::-p-aria(Watch this page[role="button"])').click();
    await popup.waitForText('Watched: checked every week.');
    await popup.close();
    // Opened again, the popup knows the page is watched.
    popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await popup.waitForText('Watched', '.watch-page');
    expect(await popup.page.$('::-p-aria(Watch this page[role="button"])')).toBeNull();
    await popup.close();
    const before = await reportsOf(stored);
    expect(before).toHaveLength(1);

    const options = await ext.openOptions();
    const watches = new WatchesSection(options);
    await watches.waitForList();
    expect((await watches.watches()).map((w) => w.address)).toEqual([pageUrl]);

    // The webhook, saved through the form (the origin's permission asked in the click), then a test.
    await watches.setWebhook(receiverUrl, 'json');
    expect(await watches.sendTest()).toBe('The webhook took the test.');
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'test' });

    // The site now serves a worse page; the user asks for a check now.
    served = WORSE;
    const shown = await recordNotifications(await ext.worker());
    await watches.checkNow(pageUrl);
    await waitUntil('the check is judged', async () => (await watches.watches())[0]?.verdict === 'worse', 120_000);

    // Exactly one new report, of the page's privacy.
    const after = await reportsOf(stored);
    expect(after).toHaveLength(2);
    expect(after[0]!.privacy).toBe(1);

    // The notification says what got worse.
    await waitUntil('the notification', async () => (await shown()).length > 0);
    const [notification] = await shown();
    expect(notification!.title).toBe(`${stored} got worse`);
    expect(notification!.message).toContain('Failing now: Title');
    expect(notification!.message).toMatch(/Score \d+ → \d+/);

    // The webhook got the page, both scores and what changed, and nothing of the key or the service.
    await waitUntil('the webhook call', async () => received.length === 2);
    const call = received[1]!;
    const body = JSON.parse(call.body) as { page: string; event: string; score: number; previousScore: number; changes: string[] };
    expect(body.page).toBe(stored);
    expect(body.event).toBe('worse');
    expect(body.previousScore - body.score).toBeGreaterThanOrEqual(5);
    expect(body.changes).toContain('Failing now: Title');
    const everything = JSON.stringify(call);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(new URL(service.baseUrl).host);

    // The list shows the check: its score with the change, and "got worse".
    const [row] = await watches.watches();
    expect(row!.score).toContain(`Score ${body.score}`);
    expect(row!.score).toContain(`(${body.score - body.previousScore})`);
    expect(row!.score).toContain('got worse');
    expect(row!.last).not.toBe('');
    expect(row!.failures).toEqual([]);
  });

  it('stays quiet when the checks that start failing are accepted for the page', async () => {
    const pageUrl = site.url('/watched');
    const stored = pageUrl.replace(/^https?:\/\//, '');
    const options = await ext.openOptions();
    const watches = new WatchesSection(options);
    await watches.waitForList();
    // Only a check starting to fail may alert here: no score drop is large enough.
    await ask(options, 'saveWatchSettings', { scoreDrop: 100 });

    // The page served well again: the watch recovers, and says so.
    served = GOOD;
    await watches.checkNow(pageUrl);
    await waitUntil('the recovery', async () => (await watches.watches())[0]?.verdict === 'recovered', 120_000);
    await waitUntil('the recovery’s webhook call', async () => received.length === 3);
    expect(JSON.parse(received[2]!.body)).toMatchObject({ event: 'recovered' });

    // What failed when the page lost its title (the title, and the checks that read it) is accepted for this
    // page; then the page loses its title again.
    const [, worse] = await reportsOf(stored);
    type Checks = Record<string, { passed: boolean; importance: string }>;
    const view = await ask<{ report: { project: string; checks: Checks } }>(options, 'getReport', { id: worse!.id });
    const failingHigh = Object.entries(view.report.checks).filter(([, check]) => !check.passed && check.importance === 'high');
    expect(failingHigh.map(([key]) => key)).toContain('title');
    for (const [check] of failingHigh) {
      await ask(options, 'acceptFinding', {
        project: view.report.project,
        check,
        address: stored,
        reason: 'A landing page without a title',
        until: null,
      });
    }
    served = WORSE;
    const shown = await recordNotifications(await ext.worker());
    const calls = received.length;
    await watches.checkNow(pageUrl);
    await waitUntil(
      'the check is judged',
      async () => (await reportsOf(stored)).length === 4 && (await watches.watches())[0]?.verdict === 'steady',
      120_000,
    );
    // Judged steady: no notification, no webhook call.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await shown()).toEqual([]);
    expect(received).toHaveLength(calls);
    await options.close();
  });
});
