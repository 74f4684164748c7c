import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import { reportViewPath } from '../../lib/shared/report-view-address.ts';
import { BLANK_PAGE, REPORT_ASKS_FIRST_PAGE, REPORT_ASKS_PAGE, writeStaticFrame, type DrawnFrame } from './instrument.ts';
import { probeOf, type PageSample } from './popup-bench.ts';

/** The report view's checks, one line each. */
const CHECK_LINES = 'main.report li.check';

/**
 * Opens an extension page in a new tab, as a click on "All N checks" does, waits for the probe's ready frame and closes it.
 * With `checks`, it waits for that many checks drawn too (the first frame draws the first screen's only), and the
 * sample's `count` is how many it drew in the end.
 */
async function openTabOnce(ext: ExtensionBrowser, path: string, checks?: number): Promise<PageSample> {
  const page = await ext.browser.newPage();
  try {
    await page.goto(`chrome-extension://${ext.extensionId}/${path}`);
    const sample = await probeOf(page);
    if (checks === undefined) return sample;
    await page
      .waitForFunction((lines: string, n: number) => document.querySelectorAll(lines).length >= n, { timeout: 15_000 }, CHECK_LINES, checks)
      .catch(() => undefined);
    return { ...sample, count: await page.$$eval(CHECK_LINES, (lines) => lines.length) };
  } finally {
    await page.close();
  }
}

/** The page the report view's first frame is copied to. */
const STATIC_REPORT = 'bench-report-static.html';

/** The DOM of the report view's first frame from the kept copy, copied as the first checks are inserted. */
async function drawnFirstFrame(ext: ExtensionBrowser, view: string): Promise<DrawnFrame> {
  const page = await ext.browser.newPage();
  try {
    await page.evaluateOnNewDocument(() => {
      new MutationObserver((_, observer) => {
        const main = document.querySelector('main.report');
        if (main?.getAttribute('data-state') !== 'cached' || !main.querySelector('li.check')) return;
        observer.disconnect();
        const root = document.documentElement;
        Object.assign(window, { __firstFrame: { lang: root.lang, dir: root.dir, main: main.outerHTML } });
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(`chrome-extension://${ext.extensionId}/${view}`);
    await page.waitForFunction(() => '__firstFrame' in window, { timeout: 15_000 });
    return await page.evaluate(() => (window as unknown as { __firstFrame: DrawnFrame }).__firstFrame);
  } finally {
    await page.close();
  }
}

/**
 * The least the report view's first screen can cost, written into the loaded extension's folder as three pages with the
 * view's own styles: its first frame as static HTML, so a tab pays only for parsing, styling, laying out and painting
 * what the view draws first; the same frame set by one small script once our background has answered it with the
 * report's kept copy, so a tab pays for that question too; and the same once our background has answered it with the
 * report read from the service, as a first opening asks, with no copy kept. Returns their paths.
 */
async function writeLeastFirstFrames(ext: ExtensionBrowser, view: string, report: { id: number; url: string }) {
  const frame = await drawnFirstFrame(ext, view);
  const asking =
    (type: string, payload: object) =>
    (main: string) => `chrome.runtime.sendMessage({ type: '${type}', payload: ${JSON.stringify(payload)} }).then((reply) => {
  if (!reply || !reply.ok || !reply.value) throw new Error('${type} answered ' + JSON.stringify(reply));
  document.getElementById('app').innerHTML = ${JSON.stringify(main)};
});
`;
  const at = (file: string, title: string, drawBy?: (main: string) => string) =>
    writeStaticFrame(ext.extensionDir, 'report.html', file, frame, title, drawBy);
  return {
    staticFrame: await at(STATIC_REPORT, 'First frame'),
    asksFrame: await at(REPORT_ASKS_PAGE, 'First frame, asked for', asking('getCachedReport', { id: report.id })),
    asksFirst: await at(REPORT_ASKS_FIRST_PAGE, 'First frame, asked for from the service', asking('getReport', { id: report.id, url: report.url })),
  };
}

/**
 * The report view of `report` (`checks` checks): its first opening (the extension's session storage emptied first),
 * then again from the copy the background kept, then the blank page in a tab, then its first frame as a static page,
 * as set once the kept copy is asked for, and as set once the report is asked for with no copy kept. `runs` of each, interleaved so all meet the same machine load; `warmup` of each first,
 * not kept.
 */
export async function benchReportView(ext: ExtensionBrowser, report: { id: number; url: string }, checks: number, runs: number, warmup: number) {
  const result = {
    reportFirst: [] as number[],
    reportKept: [] as number[],
    tabBlank: [] as number[],
    reportStatic: [] as number[],
    reportAsks: [] as number[],
    reportAsksFirst: [] as number[],
  };
  const view = reportViewPath({ id: report.id, url: report.url }).slice(1);
  await openTabOnce(ext, view);
  const { staticFrame, asksFrame, asksFirst } = await writeLeastFirstFrames(ext, view, report);
  const forgetKept = async () => (await ext.worker()).evaluate(() => browser.storage.session.clear());
  for (let i = 0; i < warmup + runs; i += 1) {
    await forgetKept();
    const first = await openTabOnce(ext, view, checks);
    const kept = await openTabOnce(ext, view, checks);
    if (first.shownState !== 'ready' || kept.shownState !== 'cached' || first.count !== checks || kept.count !== checks) {
      throw new Error(`The report view drew ${first.count} checks from ${first.shownState}, then ${kept.count} from ${kept.shownState}`);
    }
    const blank = await openTabOnce(ext, BLANK_PAGE);
    const least = await openTabOnce(ext, staticFrame);
    // After the kept opening: the copy it was drawn from is there to be asked for.
    const asked = await openTabOnce(ext, asksFrame);
    await forgetKept();
    const askedFirst = await openTabOnce(ext, asksFirst);
    if (i < warmup) continue;
    result.reportFirst.push(first.shown);
    result.reportKept.push(kept.shown);
    result.tabBlank.push(blank.shown);
    result.reportStatic.push(least.shown);
    result.reportAsks.push(asked.shown);
    result.reportAsksFirst.push(askedFirst.shown);
  }
  return result;
}
