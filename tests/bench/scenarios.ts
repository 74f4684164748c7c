import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../e2e/support/browser.ts';
import { serveTestPages } from '../e2e/support/test-pages.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { fortyChecks, RECORDED } from '../fixtures/report-view/index.ts';
import type { Samples } from './figures.ts';
import { benchOptionsPaging, benchTableDrawFloor } from './options-bench.ts';
import { benchPopup, writeStaticPopup } from './popup-bench.ts';
import { benchReportView } from './report-bench.ts';
import { benchColdStart, installAnswerOnly, installBetween, installLeastWorker } from './worker-bench.ts';

const API_KEY = 'bench-key-7c1e5a90d3b24f68';
const PAGE_REPORTS = 5;
/** Earlier reports of the report view's address, for its chart and "what changed". */
const EARLIER = [RECORDED.bad, RECORDED.mediocre, RECORDED.good, RECORDED.mediocre];
const CHECKS = 40;
/** 300 reports in all: every Next timed draws a full page of 100 rows. */
const LISTED_REPORTS = 300 - PAGE_REPORTS - EARLIER.length - 1;
const DAY = 86_400_000;

export interface ScenarioOptions {
  extensionDir: string;
  /** A folder for the floor under the worker: an extension that only answers. */
  scratchDir: string;
  runs: number;
  warmup: number;
  log: (line: string) => void;
}

/** One browser, one service, every timing in turn. */
export async function runScenarios(o: ScenarioOptions): Promise<Samples> {
  const service = await startReportService({ rateLimit: null, accounts: [{ name: 'Bench', email: 'bench@example.com', apiKey: API_KEY }] });
  const site = await serveTestPages({ '/article': '<!doctype html><html lang="en"><title>An article</title><h1>An article</h1></html>' });
  let ext: ExtensionBrowser | undefined;
  try {
    const pageUrl = site.url('/article');
    const forty = seed(service, pageUrl);

    ext = await launchExtensionBrowser({ extensionDir: o.extensionDir });
    const options = await connect(ext, service.baseUrl);
    const tab = await ext.newTab(pageUrl);

    o.log('popup and blank page, worker running');
    await writeStaticPopup(ext, tab);
    const warm = await benchPopup(ext, tab, o.runs, o.warmup, false);
    if (warm.popup.some((s) => s.count !== PAGE_REPORTS)) throw new Error(`The popup did not list the page’s ${PAGE_REPORTS} reports`);

    o.log(`report view of ${CHECKS} checks, first and kept, and blank page, in a tab`);
    const report = await benchReportView(ext, forty, CHECKS, o.runs, o.warmup);

    o.log('service worker cold start, and a worker that only answers');
    const floor = await installAnswerOnly(ext, join(o.scratchDir, 'answer-only'));
    const between = await installBetween(ext, o.extensionDir, o.scratchDir);
    const least = await installLeastWorker(ext, o.extensionDir, join(o.scratchDir, 'least'));
    const worker = await benchColdStart({ id: ext.extensionId, workers: ext, sender: options }, floor, between, least, o.runs, o.warmup);
    await least.sender.close();
    await between.parsed.sender.close();
    await between.evaluated.sender.close();
    await between.started.sender.close();

    o.log('options list, Next → 100 rows, and the least DOM change');
    await options.bringToFront();
    const paging = await benchOptionsPaging(options, await ext.worker(), o.runs, o.warmup);
    const optionsFloor = await benchTableDrawFloor(options, o.runs, o.warmup);
    // The least any client could do once the page's answer is in: read it, then change the rows.
    const optionsLeast = optionsFloor.map((ms, i) => ms + (paging.read[i] ?? Number.NaN));

    o.log('popup, blank page and the page that only asks, with the worker stopped and the options page open');
    await tab.bringToFront();
    const asleep = await benchPopup(ext, tab, o.runs, o.warmup, true, undefined, { frames: false });

    o.log('popup, blank page and the answer-only popup, with the worker stopped and no page of theirs open');
    await options.close();
    await floor.sender.close();
    const cold = await benchPopup(ext, tab, o.runs, o.warmup, true, floor);

    return {
      popupFcp: warm.popup.map((s) => s.firstContentfulPaint),
      blankFcp: warm.blank.map((s) => s.firstContentfulPaint),
      popupReady: warm.popup.map((s) => s.ready),
      blankReady: warm.blank.map((s) => s.ready),
      asksReady: warm.asks.map((s) => s.ready),
      popupStatic: warm.static.map((s) => s.ready),
      popupStaticFcp: warm.static.map((s) => s.firstContentfulPaint),
      popupWords: warm.words.map((s) => s.ready),
      popupAsksFrame: warm.asksFrame.map((s) => s.ready),
      coldPopupShown: cold.popup.map((s) => s.shown),
      coldPopupReady: cold.popup.map((s) => s.ready),
      coldBlank: cold.blank.map((s) => s.ready),
      coldAnswerOnly: cold.answerOnly.map((s) => s.ready),
      coldAsks: cold.asks.map((s) => s.ready),
      coldPopupStatic: cold.static.map((s) => s.ready),
      coldPopupWords: cold.words.map((s) => s.ready),
      coldPopupAsksFrame: cold.asksFrame.map((s) => s.ready),
      asleepPopupReady: asleep.popup.map((s) => s.ready),
      asleepBlank: asleep.blank.map((s) => s.ready),
      asleepAsks: asleep.asks.map((s) => s.ready),
      ...worker,
      ...report,
      optionsPage: paging.samples,
      optionsFloor,
      optionsLeast,
    };
  } finally {
    await ext?.close();
    await site.close();
    await service.close();
  }
}

/** The page's reports, others up to 300 in all, and the report view's address: earlier reports and the one of 40 checks. */
function seed(service: RunningService, pageUrl: string): { id: number; url: string } {
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const audited = 'https://shop.example.org/products/walking-shoes';
  service.seedReports(API_KEY, [
    ...Array.from({ length: PAGE_REPORTS }, (_, i) => ({ url: pageUrl, score: 40 + i * 12, privacy: (i % 2) as 0 | 1, generatedAt: ago(i) })),
    ...Array.from({ length: LISTED_REPORTS }, (_, i) => ({ url: `https://shop${i % 7}.example/products/item-${i}`, score: (i * 37) % 101 })),
    ...EARLIER.map((r, i) => ({ url: audited, score: r.score, results: r.results, generatedAt: ago(5 - i) })),
  ]);
  return service.seedReports(API_KEY, [{ url: audited, score: 11, results: fortyChecks() }])[0]!;
}

/** Connected as a user leaves it: the host permission granted, the connection proven and kept. */
async function connect(ext: ExtensionBrowser, baseUrl: string): Promise<Page> {
  await ext.grantHostPermission(baseUrl);
  const options = await ext.openOptions();
  const reply = await options.evaluate(
    (payload) => browser.runtime.sendMessage({ type: 'saveConnection', payload }) as Promise<{ ok: boolean; error?: { message: string } }>,
    { baseUrl, apiKey: API_KEY },
  );
  if (!reply.ok) throw new Error(`Could not connect the extension: ${reply.error?.message}`);
  await options.reload();
  await options.waitForSelector('main.options[data-state="ready"]', { timeout: 15_000 });
  return options;
}
