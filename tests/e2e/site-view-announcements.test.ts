/**
 * What screen readers hear while the site view reads a site of 3,000 reports, in Chromium on the
 * production build: one polite live region says the reading started, how far it is at most every
 * tenth (or 5 s), and that it is done; the progress shown on screen changes far more often.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { seedSite } from '../service/site-seeds.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { SiteViewPage } from './support/pages/site-view.ts';

const KEY = 'e2e-site-announce-key-4b7e90';

let service: RunningService;
let ext: ExtensionBrowser;
let project: string;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  project = seedSite(service, KEY, { origin: 'https://shop.example.com', addresses: 200, reports: 3000, days: 120 });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const options = await ext.openOptions();
  expect(
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    ),
  ).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
});

describe('the site view’s live region', { timeout: 60_000 }, () => {
  it('tells the start, the progress by tenths and the end, not every page read', async () => {
    const page = await ext.browser.newPage();
    // Every text the live region and the progress line on screen show, in order, from the first frame.
    await page.evaluateOnNewDocument(() => {
      const seen = { told: [] as string[], shown: [] as string[] };
      Object.defineProperty(window, '__seen', { value: seen });
      const note = (list: string[], text: string | null | undefined) => {
        const words = text?.replace(/\s+/g, ' ').trim();
        if (words && list.at(-1) !== words) list.push(words);
      };
      new MutationObserver(() => {
        note(seen.told, document.querySelector('[data-live-region]')?.textContent);
        note(seen.shown, document.querySelector('.site__reading p')?.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const view = SiteViewPage.at(page);
    await page.goto(`chrome-extension://${ext.extensionId}/site.html?project=${encodeURIComponent(project)}`);
    await view.waitForPhase('done');
    await page.waitForFunction(() => /^Read .*\.$/.test(document.querySelector('[data-live-region]')?.textContent ?? ''), { timeout: 5_000 });
    const seen = await page.evaluate(() => (window as unknown as { __seen: { told: string[]; shown: string[] } }).__seen);
    console.log(`site view, 3,000 reports: ${seen.shown.length} progress lines shown, ${seen.told.length} told`);

    expect(seen.told[0]).toBe('Reading the site’s reports…');
    expect(seen.told.at(-1)).toMatch(/^Read .*\d.*\.$/);
    const progress = seen.told.filter((text) => /^Read [\d,]+ of 3,000 reports…$/.test(text));
    expect(progress.length).toBeGreaterThan(0);
    // At most one a tenth, one every 5 s, and the first number.
    expect(progress.length).toBeLessThanOrEqual(12);
    expect(seen.told).toHaveLength(progress.length + 2);
    const shownProgress = seen.shown.filter((text) => /^Read [\d,]+ of 3,000 reports…$/.test(text));
    expect(shownProgress.length).toBeGreaterThan(progress.length);
    await page.close();
  });
});
