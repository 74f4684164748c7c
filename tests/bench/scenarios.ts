import type { Page } from 'puppeteer-core';
import { launchExtensionBrowser, type ExtensionBrowser } from '../e2e/support/browser.ts';
import { serveTestPages } from '../e2e/support/test-pages.ts';
import { startReportService } from '../service/server.ts';
import { fortyChecks, RECORDED } from '../fixtures/report-view/index.ts';
import { benchOptionsPaging, benchTableDrawFloor, type OptionsSample } from './options-bench.ts';
import {
  benchColdPopup,
  benchPopupVsBlank,
  benchSlowPopup,
  giveReadyFloorRequest,
  openOnce,
  type ColdRuns,
  type PopupRuns,
  type PopupSample,
} from './popup-bench.ts';
import { benchReportView, type ReportViewRuns } from './report-bench.ts';
import { startSlowProxy } from './slow-proxy.ts';
import { benchColdStart, type WorkerSample } from './worker-bench.ts';

const API_KEY = 'bench-key-7c1e5a90d3b24f68';
const PAGE_REPORTS = 5;
/** The report view's address: four earlier reports, for the chart and "what changed", and the one of 40 checks. */
const AUDITED_REPORTS = 5;
/** With the others, 300 in all: three full pages of 100, so every Next timed draws 100 rows. */
const LISTED_REPORTS = 300 - PAGE_REPORTS - AUDITED_REPORTS;
const DAY = 86_400_000;

export interface ScenarioOptions {
  extensionDir: string;
  runs: number;
  warmup: number;
  /** The delay the slow service adds to every request, for the first-paint timing. */
  slowMs: number;
  log: (line: string) => void;
}

/** The checks of the report the report view is timed on. */
const REPORT_CHECKS = 40;

export interface Timings extends PopupRuns, ColdRuns, ReportViewRuns {
  /** Requests the service received for one popup open. */
  popupRequests: string[];
  slowPopup: PopupSample[];
  worker: WorkerSample[];
  options: OptionsSample[];
  /** The least DOM change from one page of 100 rows to the next, by hand, to the frame after (tests/bench/options-bench.ts), ms. */
  optionsDrawFloor: number[];
}

/** One browser, one service, every timing in turn. */
export async function runScenarios(o: ScenarioOptions): Promise<Timings> {
  const service = await startReportService({ rateLimit: null, accounts: [{ name: 'Bench', email: 'bench@example.com', apiKey: API_KEY }] });
  const site = await serveTestPages({ '/article': '<!doctype html><html lang="en"><title>An article</title><h1>An article</h1></html>' });
  const proxy = await startSlowProxy(service.baseUrl, o.slowMs);
  let ext: ExtensionBrowser | undefined;
  try {
    const pageUrl = site.url('/article');
    service.seedReports(
      API_KEY,
      Array.from({ length: PAGE_REPORTS }, (_, i) => ({
        url: pageUrl,
        score: 40 + i * 12,
        privacy: (i % 2) as 0 | 1,
        generatedAt: new Date(Date.now() - i * DAY).toISOString(),
      })),
    );
    service.seedReports(
      API_KEY,
      Array.from({ length: LISTED_REPORTS }, (_, i) => ({ url: `https://shop${i % 7}.example/products/item-${i}`, score: (i * 37) % 101 })),
    );
    const audited = 'https://shop.example.org/products/walking-shoes';
    const earlier = [RECORDED.bad, RECORDED.mediocre, RECORDED.good, RECORDED.mediocre];
    service.seedReports(
      API_KEY,
      earlier.map((r, i) => ({ url: audited, score: r.score, results: r.results, generatedAt: new Date(Date.now() - (5 - i) * DAY).toISOString() })),
    );
    const [forty] = service.seedReports(API_KEY, [{ url: audited, score: 11, results: fortyChecks() }]);
    if (earlier.length + 1 !== AUDITED_REPORTS) throw new Error('AUDITED_REPORTS no longer counts the report view’s reports');

    ext = await launchExtensionBrowser({ extensionDir: o.extensionDir });
    const options = await connect(ext, service.baseUrl);
    const tab = await ext.newTab(pageUrl);

    // What one popup opening asks the service (a moment allowed for a late request); the ready floor sends its list request.
    const logged = service.requestLog.length;
    await openOnce(ext, tab, 'popup');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = service.requestLog.slice(logged);
    const popupRequests = asked.map((r) => `${r.method} ${r.path}`);
    const listed = asked.find((r) => r.method === 'GET' && r.path.startsWith('/api/v1/reports?'));
    if (!listed) throw new Error('The popup’s opening asked the service for no list of the page’s reports');
    await giveReadyFloorRequest(ext, { url: new URL(listed.path, service.baseUrl).href, apiKey: API_KEY });

    o.log('popup, blank page and the four floors, open → ready');
    const popupRuns = await benchPopupVsBlank(ext, tab, o.runs, o.warmup);
    const wrongCount = [...popupRuns.popup, ...popupRuns.popupUncached].find(
      (s) => s.readyCount !== PAGE_REPORTS || (s.shownCount ?? PAGE_REPORTS) !== PAGE_REPORTS,
    );
    if (wrongCount) throw new Error(`The popup listed ${wrongCount.shownCount} reports, then ${wrongCount.readyCount}, not ${PAGE_REPORTS}`);

    o.log(`report view of ${REPORT_CHECKS} checks, blank page and three floors, in a tab, open → drawn`);
    const reportRuns = await benchReportView(ext, forty!, o.runs, o.warmup);
    const wrongChecks = [...reportRuns.reportView, ...reportRuns.reportViewUncached].find((s) => s.shownCount !== REPORT_CHECKS);
    if (wrongChecks) throw new Error(`The report view drew ${wrongChecks.shownCount} checks, not ${REPORT_CHECKS}`);

    o.log('service worker cold start');
    const worker = await benchColdStart(ext, options, o.runs, o.warmup);

    o.log('options list, next page → 100 rows');
    await options.bringToFront();
    const optionsSamples = await benchOptionsPaging(options, await ext.worker(), o.runs, o.warmup);
    const optionsDrawFloor = await benchTableDrawFloor(options, o.runs, o.warmup);

    o.log('popup and blank page with the worker stopped and no page of ours open');
    await options.close();
    const coldRuns = await benchColdPopup(ext, tab, o.runs, o.warmup);

    o.log(`popup over a service ${o.slowMs} ms slower, first paint of content`);
    await saveConnection(await ext.openOptions(), proxy.baseUrl);
    const slowPopup = await benchSlowPopup(ext, tab, o.runs, o.warmup);

    return { ...popupRuns, ...coldRuns, popupRequests, slowPopup, worker, options: optionsSamples, optionsDrawFloor, ...reportRuns };
  } finally {
    await ext?.close();
    await proxy.close();
    await site.close();
    await service.close();
  }
}

/** Connected as a user leaves it: the host permission granted, the connection proven and kept. */
async function connect(ext: ExtensionBrowser, baseUrl: string): Promise<Page> {
  await ext.grantHostPermission(baseUrl);
  const options = await ext.openOptions();
  await saveConnection(options, baseUrl);
  await options.reload();
  await options.waitForSelector('main.options[data-state="ready"]', { timeout: 15_000 });
  return options;
}

async function saveConnection(options: Page, baseUrl: string): Promise<void> {
  const reply = await options.evaluate(
    (payload) => browser.runtime.sendMessage({ type: 'saveConnection', payload }) as Promise<{ ok: boolean; error?: { message: string } }>,
    { baseUrl, apiKey: API_KEY },
  );
  if (!reply.ok) throw new Error(`Could not connect the extension: ${reply.error?.message}`);
}
