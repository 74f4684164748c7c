import type { ExtensionBrowser } from '../e2e/support/browser.ts';
import { reportViewPath } from '../../lib/shared/report-view-address.ts';
import { BLANK_PAGE } from './instrument.ts';
import { probeOf, type PageSample } from './popup-bench.ts';

/** Opens an extension page in a new tab, as a click on "All N checks" does, waits for the probe's ready frame and closes it. */
async function openTabOnce(ext: ExtensionBrowser, path: string): Promise<PageSample> {
  const page = await ext.browser.newPage();
  try {
    await page.goto(`chrome-extension://${ext.extensionId}/${path}`);
    return await probeOf(page);
  } finally {
    await page.close();
  }
}

/**
 * The report view of `report` (`checks` checks): its first opening (the extension's session storage emptied first),
 * then again from the copy the background kept, then the blank page in a tab. `runs` of each, interleaved so all meet
 * the same machine load; `warmup` of each first, not kept.
 */
export async function benchReportView(ext: ExtensionBrowser, report: { id: number; url: string }, checks: number, runs: number, warmup: number) {
  const result = { reportFirst: [] as number[], reportKept: [] as number[], tabBlank: [] as number[] };
  const view = reportViewPath({ id: report.id, url: report.url }).slice(1);
  for (let i = 0; i < warmup + runs; i += 1) {
    await (await ext.worker()).evaluate(() => browser.storage.session.clear());
    const first = await openTabOnce(ext, view);
    const kept = await openTabOnce(ext, view);
    if (first.shownState !== 'ready' || kept.shownState !== 'cached' || first.count !== checks) {
      throw new Error(`The report view drew ${first.count} checks first from ${first.shownState}, then from ${kept.shownState}`);
    }
    const blank = await openTabOnce(ext, BLANK_PAGE);
    if (i < warmup) continue;
    result.reportFirst.push(first.shown);
    result.reportKept.push(kept.shown);
    result.tabBlank.push(blank.shown);
  }
  return result;
}
