/**
 * "Compare with…" in Firefox, with the same page objects as in Chromium, against the local
 * report service: two reports of one address and one of the same path on a staging host,
 * seeded with known results; the checks said to differ are computed from those results.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { failingOnlyIn, resultsFailing, scoreOf, type Results } from '../e2e/support/compared-results.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { CompareReportsPanel } from '../e2e/support/pages/compare-reports.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { ReportViewPage } from '../e2e/support/pages/report-view.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox compare-reports.test.ts');
const KEY = 'e2e-firefox-compare-key-2b7e90';
const PAGE = 'https://shop.example.com/pricing';
const STAGING = 'https://staging.shop.example.com/pricing';
const hour = 3600_000;

const results = {
  older: resultsFailing(PAGE, ['title', 'language', 'http_requests']),
  newer: resultsFailing(PAGE, ['title', 'noindex', 'dom_size', 'social']),
  staging: resultsFailing(STAGING, ['noindex', 'charset']),
};

let service: RunningService;
let ext: FirefoxExtension;
let tab: Page;
const ids = { older: 0, newer: 0, staging: 0 };
const named = (keys: string[]) => keys.map((key) => ({ key, name: checkName(key) }));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  const seed = (url: string, r: Results, hoursAgo: number) =>
    service.seedReports(KEY, [{ url, score: scoreOf(r), results: r, generatedAt: new Date(Date.now() - hoursAgo * hour).toISOString() }])[0]!.id;
  ids.older = seed(PAGE, results.older, 48);
  ids.staging = seed(STAGING, results.staging, 3);
  ids.newer = seed(PAGE, results.newer, 1);
  ext = await launchFirefoxExtension();
  const options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('Compare with… in Firefox', () => {
  let compare: CompareReportsPanel;

  it('compares the report with the address’s other report, naming exactly the checks that differ', async () => {
    tab = await ext.openPage(`/report.html?id=${ids.newer}`);
    const view = new ReportViewPage(tab);
    await view.waitForReady();
    compare = CompareReportsPanel.on(tab);
    await compare.openPicker();
    expect((await compare.options()).map((o) => [o.group, o.id])).toEqual([
      ['address', ids.older],
      ['hosts', ids.staging],
    ]);
    await compare.compareWith(ids.older);
    const shown = await compare.shown();
    expect(shown.failingHere).toEqual(named(failingOnlyIn(results.newer, results.older)));
    expect(shown.failingThere).toEqual(named(failingOnlyIn(results.older, results.newer)));
    expect(shown.there).toMatchObject({ id: ids.older, address: storedAddress(PAGE), score: String(scoreOf(results.older)) });
    expect(new URL(await tab.evaluate(() => location.href)).searchParams.get('compare')).toBe(String(ids.older));
    await ext.screenshot(tab, 'firefox-compare-reports');
  });

  it('compares with the same path on another host', async () => {
    await compare.openPicker();
    await compare.compareWith(ids.staging);
    const shown = await compare.shown();
    expect(shown.there).toMatchObject({ id: ids.staging, address: storedAddress(STAGING), score: String(scoreOf(results.staging)) });
    expect(shown.failingHere).toEqual(named(failingOnlyIn(results.newer, results.staging)));
    expect(shown.failingThere).toEqual(named(failingOnlyIn(results.staging, results.newer)));
  });
});
