import type { Page, Target } from 'puppeteer-core';
import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import { ASK_PAGE_STATE, ASKS_PAGE, BLANK_PAGE, POPUP_ASKS_FRAME_PAGE, writeStaticFrame, type ProbeMarks } from './instrument.ts';
import type { Answerer } from './worker-bench.ts';

/** What the probe saw in one opening, from the page's navigation start, ms: the frames after shown and ready. */
export interface PageSample {
  shown: number;
  ready: number;
  firstContentfulPaint: number;
  shownState: string | null;
  count: number | null;
}

/** Waits for the probe's ready frame and first contentful paint in `page`, and returns its marks. */
export async function probeOf(page: Page, timeoutMs = 15_000): Promise<PageSample> {
  await page.waitForFunction(
    () => {
      const marks = (window as unknown as { __bench?: ProbeMarks }).__bench;
      return marks?.readyPainted !== undefined && marks.firstContentfulPaint !== undefined;
    },
    { timeout: timeoutMs, polling: 20 },
  );
  const marks = await page.evaluate(() => (window as unknown as { __bench: ProbeMarks }).__bench);
  return {
    shown: marks.shownPainted ?? marks.readyPainted!,
    ready: marks.readyPainted!,
    firstContentfulPaint: marks.firstContentfulPaint!,
    shownState: marks.shownState ?? null,
    count: marks.count ?? null,
  };
}

/**
 * Opens a real toolbar popup over `tab` (the extension's popup, the blank page or the page that only asks in its place
 * through `action.setPopup`, or the answer-only extension's popup), waits for the probe's ready frame and closes it again.
 */
export async function openPopupOnce(
  ext: ExtensionBrowser,
  tab: Page,
  which: 'popup' | 'blank' | 'asks' | 'static' | 'words' | 'asksFrame' | Answerer,
  beforeClick?: () => Promise<void>,
): Promise<PageSample> {
  const id = typeof which === 'string' ? ext.extensionId : which.id;
  const extension = (await ext.browser.extensions()).get(id);
  if (!extension) throw new Error(`The extension ${id} is not installed`);
  const file = {
    popup: 'popup.html',
    blank: BLANK_PAGE,
    asks: ASKS_PAGE,
    static: STATIC_POPUP,
    words: WORDS_POPUP,
    asksFrame: POPUP_ASKS_FRAME_PAGE,
  }[typeof which === 'string' ? which : 'popup'];
  if (typeof which === 'string') await (await ext.worker()).evaluate((popup: string) => browser.action.setPopup({ popup }), file);
  await beforeClick?.();
  await tab.bringToFront();
  const url = `chrome-extension://${id}/${file}`;
  const opened = ext.browser.waitForTarget((t: Target) => t.type() === 'page' && t.url().startsWith(url), { timeout: 15_000 });
  await tab.triggerExtensionAction(extension);
  const target = await opened;
  const page = await target.asPage();
  try {
    return await probeOf(page);
  } finally {
    // A popup still open when the icon is clicked again would be closed by that click instead.
    const gone = new Promise<void>((resolve) => {
      const onGone = (t: Target) => t === target && (ext.browser.off('targetdestroyed', onGone), resolve());
      ext.browser.on('targetdestroyed', onGone);
    });
    await page.close();
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
}

/** The page the popup's ready frame is copied to. */
const STATIC_POPUP = 'bench-popup-static.html';
/** The same frame, drawn by a script once it has read the catalogue. */
const WORDS_POPUP = 'bench-popup-words.html';

/**
 * What any popup pays that draws its words, dates and counts from the browser's catalogue, as ours does
 * (lib/shared/i18n.ts, lib/pages/dates.ts), in a new process: the first `getMessage` hands the catalogue over.
 * Then the ready frame, drawn at once.
 */
function wordsScript(main: string): string {
  return `chrome.i18n.getMessage('langTag');
document.getElementById('app').innerHTML = ${JSON.stringify(main)};
`;
}

/**
 * What any popup pays that shows our ready frame once our background has answered the popup's question: its tab found,
 * the question asked (`ASK_PAGE_STATE`, as bench-asks.js asks it), the catalogue read meanwhile, then the frame drawn at once.
 */
function asksFrameScript(main: string): string {
  return `const asked = ${ASK_PAGE_STATE};
chrome.i18n.getMessage('langTag');
asked.then(() => {
  document.getElementById('app').innerHTML = ${JSON.stringify(main)};
});
`;
}

/**
 * The least the popup's ready screen can cost: the DOM of its ready frame over `tab` (the page's reports, the Report
 * button enabled), with the popup's own styles and no script, written into the loaded extension's folder as a page, so
 * a popup pays only for parsing, styling, laying out and painting what the popup draws. The words are those drawn,
 * so the catalogue is not read. A second page draws the same frame by script after reading it (`wordsScript`), a third
 * once our background has answered the popup's question too (`asksFrameScript`).
 */
export async function writeStaticPopup(ext: ExtensionBrowser, tab: Page): Promise<void> {
  const extension = (await ext.browser.extensions()).get(ext.extensionId);
  if (!extension) throw new Error(`The extension ${ext.extensionId} is not installed`);
  await (await ext.worker()).evaluate(() => browser.action.setPopup({ popup: 'popup.html' }));
  await tab.bringToFront();
  const url = `chrome-extension://${ext.extensionId}/popup.html`;
  const opened = ext.browser.waitForTarget((t: Target) => t.type() === 'page' && t.url().startsWith(url), { timeout: 15_000 });
  await tab.triggerExtensionAction(extension);
  const page = await (await opened).asPage();
  try {
    await probeOf(page);
    const frame = await page.evaluate(() => {
      const root = document.documentElement;
      return { lang: root.lang, dir: root.dir, main: document.querySelector('main.popup')?.outerHTML ?? '' };
    });
    if (!frame.main) throw new Error('The popup drew no main.popup to copy');
    await writeStaticFrame(ext.extensionDir, 'popup.html', STATIC_POPUP, frame, 'Ready frame');
    await writeStaticFrame(ext.extensionDir, 'popup.html', WORDS_POPUP, frame, 'Words and dates', wordsScript);
    await writeStaticFrame(ext.extensionDir, 'popup.html', POPUP_ASKS_FRAME_PAGE, frame, 'Ready frame, asked for', asksFrameScript);
  } finally {
    await page.close();
  }
}

/**
 * `runs` of each, interleaved so all meet the same machine load; `warmup` of each first, not kept.
 * `cold`: each opening waits `settleMs` after stopping the worker, for the extension's process to end when the
 * caller has closed the extension's other pages first. `answerOnly`: its popup is opened too, its worker stopped alike.
 * `asks`: the page that only asks our background the popup's question, opened alike; `static`: the popup's ready frame
 * as a page without script (`writeStaticPopup`, written before), opened alike; `words`: the same frame drawn by script
 * after the catalogue is read, opened alike; `asksFrame`: the same frame drawn once our background has answered the
 * popup's question, opened alike. `frames: false`: none of the last three.
 */
export async function benchPopup(
  ext: ExtensionBrowser,
  tab: Page,
  runs: number,
  warmup: number,
  cold: boolean,
  answerOnly?: Answerer,
  { frames = true, settleMs = 1_000 } = {},
) {
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, settleMs));
  const stopped = cold ? () => ext.stopWorker().then(settle) : undefined;
  const result = {
    popup: [] as PageSample[],
    blank: [] as PageSample[],
    asks: [] as PageSample[],
    static: [] as PageSample[],
    words: [] as PageSample[],
    asksFrame: [] as PageSample[],
    answerOnly: [] as PageSample[],
  };
  for (let i = 0; i < warmup + runs; i += 1) {
    const sample = await openPopupOnce(ext, tab, 'popup', stopped);
    const blank = await openPopupOnce(ext, tab, 'blank', stopped);
    const asks = await openPopupOnce(ext, tab, 'asks', stopped);
    const staticFrame = frames && (await openPopupOnce(ext, tab, 'static', stopped));
    const words = frames && (await openPopupOnce(ext, tab, 'words', stopped));
    const asksFrame = frames && (await openPopupOnce(ext, tab, 'asksFrame', stopped));
    const least = answerOnly && (await openPopupOnce(ext, tab, answerOnly, cold ? () => answerOnly.workers.stopWorker().then(settle) : undefined));
    if (i < warmup) continue;
    result.popup.push(sample);
    result.blank.push(blank);
    result.asks.push(asks);
    if (staticFrame) result.static.push(staticFrame);
    if (words) result.words.push(words);
    if (asksFrame) result.asksFrame.push(asksFrame);
    if (least) result.answerOnly.push(least);
  }
  return result;
}
