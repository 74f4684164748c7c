/**
 * "Watch these pages" for the reports manager's "Select all N matching", in Chromium: the pages of every
 * matching report, each watched once with its latest report's privacy, after the warning that they would
 * pass the month's quota; and, for a filter of more pages than the watches hold, a refusal in words with
 * nothing added. The production build against the local service.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { checksPerMonth } from '@/lib/shared/watch-cost';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

const fileTiming = timeFile('watches-matching.test.ts');
const KEY = 'e2e-watches-matching-key-7d20b1';
const QUOTA = 20;
const SHOP_PAGES = 6;
const MANY_PAGES = 205;

let service: RunningService;
let ext: ExtensionBrowser;
let manager: ReportsManagerPage;

async function watchedPages(page: Page): Promise<{ url: string; privacy: number }[]> {
  const reply = (await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getWatches', payload: {} }))) as {
    ok: boolean;
    value: { watches: { url: string; privacy: number }[] };
  };
  expect(reply.ok).toBe(true);
  return reply.value.watches.map(({ url, privacy }) => ({ url, privacy })).sort((a, b) => a.url.localeCompare(b.url));
}

/** The notices under the selection's buttons, in words, and the buttons they offer. */
const notices = () =>
  manager.page.$$eval('.rm-selection .notice', (found) =>
    found.map((notice) => ({
      words: [...notice.querySelectorAll('p')].map((p) => p.textContent?.trim() ?? '').join(' '),
      buttons: [...notice.querySelectorAll('button')].map((button) => button.textContent?.trim() ?? ''),
    })),
  );

async function selectAllMatching(project: string, reports: number): Promise<void> {
  await manager.typeProject(project);
  await manager.waitForList({ project, page: 1, perPage: 10 });
  await manager.page.click('thead input[type="checkbox"]');
  await manager.selectionButton(`Select all ${reports} reports matching`);
  expect(await manager.selectionText()).toBe(`All ${reports} reports matching selected`);
}

beforeAll(async () => {
  service = await startReportService({ rateLimit: null, accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: QUOTA }] });
  // Three reports of each shop page, the newest last; the newest of page 0 has a password, the newest of page 1 is public.
  service.seedReports(
    KEY,
    [0, 1, 2].flatMap((round) =>
      Array.from({ length: SHOP_PAGES }, (_, i) => ({
        url: `https://shop.test/page-${i}`,
        score: 60 + round,
        privacy: round === 2 && i === 0 ? (2 as const) : round === 2 && i === 1 ? (0 as const) : (1 as const),
        ...(round === 2 && i === 0 ? { password: 'a-long-password' } : {}),
        generatedAt: new Date(Date.UTC(2026, 0, 1 + round, 10)).toISOString(),
      })),
    ),
  );
  service.seedReports(
    KEY,
    Array.from({ length: MANY_PAGES }, (_, i) => ({ url: `https://many.test/page-${i}`, score: 50 })),
  );
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
  await manager.select('#rm-per-page', '10');
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('"Watch these pages" for all the reports matching the filters', { timeout: 120_000 }, () => {
  it('watches each page once, with its latest report’s privacy, after the quota warning', async () => {
    await selectAllMatching('shop.test', SHOP_PAGES * 3);
    await manager.selectionButton('Watch these pages');
    await manager.page.waitForSelector('.rm-selection .notice');
    expect(await notices()).toEqual([
      {
        words: `Watching these would take up to ${SHOP_PAGES * checksPerMonth('weekly')} reports a month, more than the ${QUOTA} your plan allows.`,
        buttons: ['Watch them anyway'],
      },
    ]);
    expect(await watchedPages(manager.page)).toEqual([]);

    await manager.selectionButton('Watch them anyway');
    await manager.page.waitForFunction(() => document.querySelector('.rm-selection')?.textContent?.includes('pages watched.'), { polling: 50 });
    expect(await notices()).toEqual([
      {
        words: '6 pages watched. 1 page had a password-protected report, so it is checked as private (no password is ever stored).',
        buttons: [],
      },
    ]);
    const watched = await watchedPages(manager.page);
    expect(watched).toEqual(Array.from({ length: SHOP_PAGES }, (_, i) => ({ url: `https://shop.test/page-${i}`, privacy: i === 1 ? 0 : 1 })));
    // The options' list shows them.
    await manager.page.waitForFunction((n) => document.querySelectorAll('#watches .watches__row').length === n, { polling: 50 }, SHOP_PAGES);
  });

  it('refuses, in words and adding nothing, a filter of more pages than the watches hold', async () => {
    await selectAllMatching('many.test', MANY_PAGES);
    await manager.selectionButton('Watch these pages');
    await manager.page.waitForSelector('.rm-selection .notice');
    expect(await notices()).toEqual([
      {
        words: `These reports are of more pages than can still be watched: at most 200 pages can be watched, and ${SHOP_PAGES} are already. Narrow the filters, or remove some watches.`,
        buttons: [],
      },
    ]);
    expect(await watchedPages(manager.page)).toHaveLength(SHOP_PAGES);
  });
});
