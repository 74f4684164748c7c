/**
 * The site view's figures on 10,000 reports over 2,000 pages, in Chromium on the production build:
 * from opening to "what fails" drawn and to all read, and the worker's peak JS heap while it reads
 * (sampled over CDP every 50 ms). Reading folds each list page into the summary as it comes, so the
 * heap must stay far below what the raw reports would take (about 10 KB of checks each).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { seedSite } from '../service/site-seeds.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { heapInUse, sampleHeap } from './support/worker-heap.ts';

const fileTiming = timeFile('site-view-figures.test.ts');
const KEY = 'e2e-site-figures-key-0b93e1';
const MB = 1024 * 1024;
const REPORTS = 10_000;

let service: RunningService;
let ext: ExtensionBrowser;
let project: string;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }], rateLimit: null });
  project = seedSite(service, KEY, { addresses: 2000, reports: REPORTS, days: 365 });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
}, 120_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the site view of 10,000 reports', () => {
  it('draws what fails at once, reads them all with the worker’s heap bounded', async () => {
    const worker = await ext.worker();
    await worker.client.send('HeapProfiler.collectGarbage');
    const before = await heapInUse(worker.client);
    const heap = sampleHeap(worker.client);
    const page = await ext.browser.newPage();
    const view = SiteViewPage.at(page);
    const marks = await view.markTimes();
    await page.goto(`chrome-extension://${ext.extensionId}/site.html?project=${encodeURIComponent(project)}`);
    await view.waitForPhase('done', 180_000);
    const { peak, count } = await heap.stop();
    const { failingDrawn, done } = await marks();
    const facts = await view.facts();
    console.log(
      `site view, ${REPORTS} reports over ${facts.pages} pages: "what fails" drawn ${Math.round(failingDrawn!)} ms, ` +
        `all read ${Math.round(done!)} ms; worker heap ${(before / MB).toFixed(1)} MB before, peak ${(peak / MB).toFixed(1)} MB ` +
        `(+${((peak - before) / MB).toFixed(1)} MB, ${count} samples)`,
    );
    expect(facts).toMatchObject({ reports: REPORTS, pages: 2000 });
    expect(failingDrawn).toBeLessThan(2000);
    // The raw reports alone would take about 100 MB; the summary a few.
    expect(peak - before).toBeLessThan(60 * MB);
    await page.close();
  }, 240_000);
});
