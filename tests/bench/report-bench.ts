import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import { reportViewPath } from '../../lib/shared/report-view-address.ts';
import { withServiceTime } from './service-requests.ts';
import { ANSWER_ONLY_PAGE, BLANK_PAGE, REPORT_FLOOR_ANSWER_PAGE, REPORT_FLOOR_FILES_PAGE, type ProbeMarks } from './instrument.ts';

export interface TabSample {
  /** From the page's navigation start to the frame after its checks were drawn (the blank page: its one element), ms. */
  navToShown: number;
  /** … to the frame after every check was drawn whole (explanations and findings; the first screen's come first). */
  navToWhole: number;
  /** … to the frame after the service's answer was drawn. */
  navToReady: number;
  /** From the call that opens the tab, in Node, to that frame: the browser making the tab included. */
  openToShown: number;
  shownCount: number | null;
  readyCount: number | null;
  /** `cached` when the checks were first drawn from the copy the background kept. */
  shownState: string | null;
  /** The first opening: the service's own answer to the report's request, as the background timed it (sent → body read). */
  service?: number | null;
}

/**
 * Opens an extension page in a new tab, as a click on "All N checks" does, waits for the
 * probe's ready mark and closes the tab. `path`: the report view (`report.html?id=N`) or
 * the blank page and the floors under the view.
 */
export async function openTabOnce(ext: ExtensionBrowser, path: string, timeoutMs = 15_000): Promise<TabSample> {
  const page = await ext.browser.newPage();
  try {
    const openedAt = Date.now();
    await page.goto(`chrome-extension://${ext.extensionId}/${path}`);
    await page.waitForFunction(
      () => {
        const marks = (window as unknown as { __bench?: ProbeMarks }).__bench;
        return marks?.readyPainted !== undefined && (marks.wholePainted !== undefined || marks.shownState === undefined);
      },
      {
        timeout: timeoutMs,
        polling: 20,
      },
    );
    const seen = await page.evaluate(() => ({ timeOrigin: performance.timeOrigin, marks: (window as unknown as { __bench: ProbeMarks }).__bench }));
    const ready = seen.marks.readyPainted!;
    const shown = seen.marks.shownPainted ?? ready;
    return {
      navToShown: shown,
      navToWhole: seen.marks.wholePainted ?? shown,
      navToReady: ready,
      openToShown: seen.timeOrigin + shown - openedAt,
      shownCount: seen.marks.shownCount ?? null,
      readyCount: seen.marks.readyCount ?? null,
      shownState: seen.marks.shownState ?? null,
    };
  } finally {
    await page.close();
  }
}

export interface ReportViewRuns {
  /** Opened again: drawn from the copy the background kept, then refreshed. */
  reportView: TabSample[];
  /** With the extension's session storage emptied first: as on the first opening of a report. */
  reportViewUncached: TabSample[];
  /** The blank extension page, in a tab the same way. */
  tabBlank: TabSample[];
  /** The floors under the view (tests/bench/instrument.ts): its files loaded, none run; and with one answer from the background. */
  tabFloorFiles: TabSample[];
  tabFloorAnswer: TabSample[];
  /** The blank page with that one answer, and none of the view's files. */
  tabFloorAnswerOnly: TabSample[];
}

/**
 * `runs` of each, interleaved so all meet the same machine load; `warmup` of each first, not kept.
 * The view is opened as the popup and the options page open it: with the report's address.
 */
export async function benchReportView(
  ext: ExtensionBrowser,
  report: { id: number; url: string },
  runs: number,
  warmup: number,
): Promise<ReportViewRuns> {
  const result: ReportViewRuns = {
    reportView: [],
    reportViewUncached: [],
    tabBlank: [],
    tabFloorFiles: [],
    tabFloorAnswer: [],
    tabFloorAnswerOnly: [],
  };
  const view = reportViewPath({ id: report.id, url: report.url }).slice(1);
  const itself = new RegExp(`/api/v1/reports/${report.id}(?:[?#]|$)`);
  for (let i = 0; i < warmup + runs; i += 1) {
    const worker = await ext.worker();
    await worker.evaluate(() => browser.storage.session.clear());
    // Only this opening's requests: the kept copy's refresh in the previous round asks for the same report.
    const first = await withServiceTime(worker, itself, () => openTabOnce(ext, view));
    const uncached = { ...first.result, service: first.service };
    // The first opening keeps its copy once the service has answered; the next one draws from it.
    const cached = await openTabOnce(ext, view);
    if (uncached.shownState !== 'ready' || cached.shownState !== 'cached') {
      throw new Error(
        `The report view drew first from ${uncached.shownState}, then from ${cached.shownState}: not an uncached, then a cached opening`,
      );
    }
    const blank = await openTabOnce(ext, BLANK_PAGE);
    const floorFiles = await openTabOnce(ext, REPORT_FLOOR_FILES_PAGE);
    const floorAnswer = await openTabOnce(ext, REPORT_FLOOR_ANSWER_PAGE);
    const answerOnly = await openTabOnce(ext, ANSWER_ONLY_PAGE);
    if (i < warmup) continue;
    result.reportViewUncached.push(uncached);
    result.reportView.push(cached);
    result.tabBlank.push(blank);
    result.tabFloorFiles.push(floorFiles);
    result.tabFloorAnswer.push(floorAnswer);
    result.tabFloorAnswerOnly.push(answerOnly);
  }
  return result;
}
