import type { Page, Target } from 'puppeteer-core';
import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import {
  ANSWER_ONLY_PAGE,
  BLANK_PAGE,
  FLOOR_ANSWER_PAGE,
  FLOOR_FAILED,
  FLOOR_FILES_PAGE,
  FLOOR_READY_PAGE,
  FLOOR_REQUEST_KEY,
  type FloorRequest,
  type ProbeMarks,
} from './instrument.ts';
import { withServiceTime } from './service-requests.ts';

const PAGES = {
  popup: 'popup.html',
  blank: BLANK_PAGE,
  floorFiles: FLOOR_FILES_PAGE,
  floorAnswer: FLOOR_ANSWER_PAGE,
  floorReady: FLOOR_READY_PAGE,
  answerOnly: ANSWER_ONLY_PAGE,
} as const;

export interface PopupSample {
  /** From the open call (a click on the toolbar icon) to the frame after the page's reports were painted (cached or answered), ms. */
  openToShown: number;
  /** … to the frame after ready was painted: the service has answered. */
  openToReady: number;
  /** From the popup's navigation start (its performance.timeOrigin) to those frames, ms. */
  navToShown: number;
  navToReady: number;
  /** First contentful paint, from navigation start. */
  firstContentfulPaint: number | null;
  /** The popup only: address and Create button painted, from navigation start. */
  contentPainted: number | null;
  addressPainted: number | null;
  shownCount: number | null;
  readyCount: number | null;
  /** The service's own answer to the popup's request for the page's reports, as the background timed it (sent → body read). */
  service?: number | null;
}

/**
 * Opens the real toolbar popup over `tab` — the extension's popup, or the blank page or a floor in
 * its place (`action.setPopup`) — waits for the probe's ready mark and closes it again.
 * Both clocks are the machine's wall clock: the click is taken in Node, the ready frame
 * in the page (timeOrigin + performance.now()).
 */
export async function openOnce(
  ext: ExtensionBrowser,
  tab: Page,
  which: keyof typeof PAGES,
  timeoutMs = 15_000,
  beforeClick?: () => Promise<void>,
): Promise<PopupSample> {
  const extension = (await ext.browser.extensions()).get(ext.extensionId);
  if (!extension) throw new Error('The extension is not installed');
  const file = PAGES[which];
  const worker = await ext.worker();
  await worker.evaluate((popup: string) => browser.action.setPopup({ popup }), file);
  await beforeClick?.();
  await tab.bringToFront();
  const url = `chrome-extension://${ext.extensionId}/${file}`;
  const opened = ext.browser.waitForTarget((t: Target) => t.type() === 'page' && t.url().startsWith(url), { timeout: timeoutMs });
  const clickedAt = Date.now();
  await tab.triggerExtensionAction(extension);
  const target = await opened;
  const page = await target.asPage();
  try {
    // Ready, and its first contentful paint reported (a moment after its frame); or a floor's reason it could not be.
    const settled = await page.waitForFunction(
      (failedKey: string) => {
        const scope = window as unknown as { __bench?: ProbeMarks } & Record<string, unknown>;
        if (scope[failedKey] !== undefined) return { failed: String(scope[failedKey]) };
        return scope.__bench?.readyPainted !== undefined && scope.__bench.firstContentfulPaint !== undefined && { failed: null };
      },
      { timeout: timeoutMs, polling: 20 },
      FLOOR_FAILED,
    );
    const { failed } = (await settled.jsonValue()) as { failed: string | null };
    if (failed !== null) throw new Error(`${file} could not finish: ${failed}`);
    const seen = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      marks: (window as unknown as { __bench: ProbeMarks }).__bench,
      fcp: (window as unknown as { __bench: ProbeMarks }).__bench.firstContentfulPaint ?? null,
    }));
    const ready = seen.marks.readyPainted!;
    const shown = seen.marks.shownPainted ?? ready;
    return {
      openToShown: seen.timeOrigin + shown - clickedAt,
      openToReady: seen.timeOrigin + ready - clickedAt,
      navToShown: shown,
      navToReady: ready,
      firstContentfulPaint: seen.fcp,
      contentPainted: seen.marks.contentPainted ?? null,
      addressPainted: seen.marks.addressPainted ?? null,
      shownCount: seen.marks.shownCount ?? null,
      readyCount: seen.marks.readyCount ?? null,
    };
  } finally {
    await closeAndWait(ext, page, target);
  }
}

/** Gives the ready floor (FLOOR_READY_PAGE) the service's request it sends. */
export async function giveReadyFloorRequest(ext: ExtensionBrowser, request: FloorRequest): Promise<void> {
  const worker = await ext.worker();
  await worker.evaluate((key: string, value: FloorRequest) => browser.storage.local.set({ [key]: value }), FLOOR_REQUEST_KEY, request);
}

/** A popup still open when the icon is clicked again would be closed by that click instead. */
async function closeAndWait(ext: ExtensionBrowser, page: Page, target: Target): Promise<void> {
  const gone = new Promise<void>((resolve) => {
    const onGone = (t: Target) => {
      if (t !== target) return;
      ext.browser.off('targetdestroyed', onGone);
      resolve();
    };
    ext.browser.on('targetdestroyed', onGone);
  });
  await page.close();
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}

export interface PopupRuns {
  /** Opened again on the same page, as a user does: what the last popup showed may be drawn first. */
  popup: PopupSample[];
  /** With the extension's session storage emptied first: as on the first open of a page. */
  popupUncached: PopupSample[];
  blank: PopupSample[];
  /** The floors (tests/bench/instrument.ts): the popup's files loaded, none run; and with one answer from the background. */
  floorFiles: PopupSample[];
  floorAnswer: PopupSample[];
  /** The popup's files and one answer, given once the background has found the tab and the service has answered the popup's request: nothing drawn. */
  floorReady: PopupSample[];
  /** The blank page with that one answer, and none of the popup's files. */
  floorAnswerOnly: PopupSample[];
}

/**
 * `runs` of each, interleaved (popup, blank, popup on a cleared session storage, …) so all
 * meet the same machine load; `warmup` of each first, not kept.
 */
export async function benchPopupVsBlank(ext: ExtensionBrowser, tab: Page, runs: number, warmup: number): Promise<PopupRuns> {
  const result: PopupRuns = { popup: [], popupUncached: [], blank: [], floorFiles: [], floorAnswer: [], floorReady: [], floorAnswerOnly: [] };
  for (let i = 0; i < warmup + runs; i += 1) {
    const popup = await withListTime(ext, () => openOnce(ext, tab, 'popup'));
    const blank = await openOnce(ext, tab, 'blank');
    const floorFiles = await openOnce(ext, tab, 'floorFiles');
    const floorAnswer = await openOnce(ext, tab, 'floorAnswer');
    const floorReady = await openOnce(ext, tab, 'floorReady');
    const answerOnly = await openOnce(ext, tab, 'answerOnly');
    await (await ext.worker()).evaluate(() => browser.storage.session.clear());
    const uncached = await withListTime(ext, () => openOnce(ext, tab, 'popup'));
    if (i < warmup) continue;
    result.popup.push(popup);
    result.blank.push(blank);
    result.floorFiles.push(floorFiles);
    result.floorAnswer.push(floorAnswer);
    result.floorReady.push(floorReady);
    result.floorAnswerOnly.push(answerOnly);
    result.popupUncached.push(uncached);
  }
  return result;
}

/** The popup opened by `open`, with the time the service took to answer its request for the page's reports. */
async function withListTime(ext: ExtensionBrowser, open: () => Promise<PopupSample>): Promise<PopupSample> {
  const { result, service } = await withServiceTime(await ext.worker(), /\/api\/v1\/reports\?/, open);
  return { ...result, service };
}

export interface ColdRuns {
  /** The popup opened with the extension's worker stopped and none of its pages open: its process starts anew. */
  coldPopup: PopupSample[];
  /** The blank page opened the same way. */
  coldBlank: PopupSample[];
}

/**
 * The popup as a user meets it after a while away: the worker stopped (as after 30 s idle) and no page of the
 * extension open, so the browser starts the extension's process, then its worker, for the popup. Each open waits
 * `settleMs` after stopping the worker for the process to end. The caller closes the extension's other pages first.
 */
export async function benchColdPopup(ext: ExtensionBrowser, tab: Page, runs: number, warmup: number, settleMs = 1_000): Promise<ColdRuns> {
  const result: ColdRuns = { coldPopup: [], coldBlank: [] };
  const stopped = async () => {
    await ext.stopWorker();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  };
  for (let i = 0; i < warmup + runs; i += 1) {
    const popup = await openOnce(ext, tab, 'popup', 15_000, stopped);
    const blank = await openOnce(ext, tab, 'blank', 15_000, stopped);
    if (i < warmup) continue;
    result.coldPopup.push(popup);
    result.coldBlank.push(blank);
  }
  return result;
}

/** The popup over a slow service: `runs` opens, each closed once ready. */
export async function benchSlowPopup(ext: ExtensionBrowser, tab: Page, runs: number, warmup: number): Promise<PopupSample[]> {
  const samples: PopupSample[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    const sample = await openOnce(ext, tab, 'popup');
    if (i >= warmup) samples.push(sample);
  }
  return samples;
}
