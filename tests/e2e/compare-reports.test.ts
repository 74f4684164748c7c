/**
 * "Compare with…" in the report view, in Chromium on the production build, against the local
 * report service: reports seeded with known results (two of one address, one of the same path on
 * a staging host, one alone), compared from the picker; the checks said to differ are computed
 * from the seeded results, never written down by eye.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { RESULT_LABEL_TEXT, scoreLabel } from '../../lib/shared/score.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { failingOnlyIn, resultsFailing, scoreOf, type Results } from './support/compared-results.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { CompareReportsPanel } from './support/pages/compare-reports.ts';
import { ReportViewPage } from './support/pages/report-view.ts';
import { screenshotBothThemes } from './support/themes.ts';

const fileTiming = timeFile('compare-reports.test.ts');
const KEY = 'e2e-compare-reports-key-7d41c2';
const PAGE = 'https://shop.example.com/pricing';
const STAGING = 'https://staging.shop.example.com/pricing';
const LONE = 'https://lonely.example.org/only-once';
const hour = 3600_000;

const results = {
  older: resultsFailing(PAGE, ['headings', 'meta_description', 'image_format', 'sitemap']),
  newer: resultsFailing(PAGE, ['headings', 'image_keywords', 'load_time', 'inline_css']),
  staging: resultsFailing(STAGING, ['image_keywords', 'favicon', 'deprecated_html_tags']),
  lone: resultsFailing(LONE, []),
};

let service: RunningService;
let ext: ExtensionBrowser;
const ids = { older: 0, newer: 0, staging: 0, lone: 0 };

const named = (keys: string[]) => keys.map((key) => ({ key, name: checkName(key) }));
const scoreWords = (r: Results) => ({ score: String(scoreOf(r)), label: RESULT_LABEL_TEXT[scoreLabel(scoreOf(r))] });

async function openView(query: string): Promise<ReportViewPage> {
  const view = new ReportViewPage(await ext.openPage(`/report.html?${query}`));
  await view.waitForReady();
  return view;
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  const seed = (url: string, r: Results, hoursAgo: number) =>
    service.seedReports(KEY, [{ url, score: scoreOf(r), results: r, generatedAt: new Date(Date.now() - hoursAgo * hour).toISOString() }])[0]!.id;
  ids.older = seed(PAGE, results.older, 72);
  ids.staging = seed(STAGING, results.staging, 5);
  ids.newer = seed(PAGE, results.newer, 1);
  ids.lone = seed(LONE, results.lone, 2);
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
});

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('Compare with…', () => {
  let view: ReportViewPage;
  let compare: CompareReportsPanel;

  it('offers the address’s other reports and the same path on another host, in a labelled list', async () => {
    view = await openView(`id=${ids.newer}`);
    compare = CompareReportsPanel.on(view.page);
    expect(await compare.state()).toBe('none');
    await compare.openPicker();
    expect(await compare.pickerLabel()).toBe('Report to compare with');
    const offered = await compare.options();
    expect(offered.map((o) => [o.group, o.id])).toEqual([
      ['address', ids.older],
      ['hosts', ids.staging],
    ]);
    expect(offered[1]!.text).toMatch(/^staging\.shop\.example\.com, .+: Score \d+ \(\w+\)$/);
    // The picker has the focus: the keyboard goes on from there.
    expect(await view.page.evaluate(() => document.activeElement?.id)).toBe('compare-with');
    expect(await compare.messages()).toEqual({ hosts: '' });
  });

  it('names exactly the checks failing in one report of the address and passing in the other', async () => {
    await compare.compareWith(ids.older);
    const shown = await compare.shown();
    expect(shown.failingHere).toEqual(named(failingOnlyIn(results.newer, results.older)));
    expect(shown.failingThere).toEqual(named(failingOnlyIn(results.older, results.newer)));
    expect(shown.here).toEqual({ id: ids.newer, address: storedAddress(PAGE), ...scoreWords(results.newer) });
    expect(shown.there).toEqual({ id: ids.older, address: storedAddress(PAGE), ...scoreWords(results.older) });
    const delta = scoreOf(results.newer) - scoreOf(results.older);
    expect(shown.delta).toBe(`Score difference: ${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta)}`);
    // The images without alt text are listed in the newer report only.
    const missing = (results.newer.image_keywords!.errors!.missing as { url: string }[]).map((i) => i.url);
    const images = shown.findings.find((f) => f.key === 'image_keywords');
    expect(images?.here).toHaveLength(Math.min(10, missing.length));
    expect(images?.there).toEqual([]);
    // Each check named among the findings ran in both reports.
    for (const f of shown.findings) expect(f.key in results.newer && f.key in results.older, f.key).toBe(true);
    await screenshotBothThemes(ext, view, 'compare-reports-address');
  });

  it('keeps the comparison in the view’s address, which opens it again', async () => {
    const url = new URL(view.page.url());
    expect(url.searchParams.get('id')).toBe(String(ids.newer));
    expect(url.searchParams.get('compare')).toBe(String(ids.older));
    const again = await openView(url.search.slice(1));
    const panel = CompareReportsPanel.on(again.page);
    await panel.waitForComparison();
    expect((await panel.shown()).failingHere).toEqual(named(failingOnlyIn(results.newer, results.older)));
    await again.page.close();
  });

  it('copies the comparison as Markdown', async () => {
    const origin = `chrome-extension://${ext.extensionId}`;
    await ext.browser.defaultBrowserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await view.page.bringToFront();
    expect(await compare.copyMarkdown()).toBe('Copied the comparison as Markdown.');
    const markdown = await view.page.evaluate(() => navigator.clipboard.readText());
    const section = (heading: string) => {
      const lines = markdown.split('\n');
      const start = lines.indexOf(`### ${heading}`) + 2;
      return lines.slice(start, lines.indexOf('', start)).map((l) => l.replace(/^- /, ''));
    };
    expect(markdown.split('\n')[0]).toBe(`## Site Report: ${storedAddress(PAGE)} compared with ${storedAddress(PAGE)}`);
    expect(section('Failing here, passing in the other report')).toEqual(failingOnlyIn(results.newer, results.older).map(checkName));
    expect(section('Passing here, failing in the other report')).toEqual(failingOnlyIn(results.older, results.newer).map(checkName));
  });

  it('compares with the same path on another host, chosen with the keyboard alone', async () => {
    await view.page.focus('section.report__compare button[aria-controls="compare-picker"]');
    await view.page.keyboard.press('Enter');
    await view.page.waitForSelector('#compare-picker[data-hosts="ready"]');
    // Escape closes the picker and gives the focus back to its button; Enter opens it again.
    await view.page.keyboard.press('Escape');
    await view.page.waitForSelector('#compare-picker', { hidden: true });
    expect(await view.page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('compare-picker');
    await view.page.keyboard.press('Enter');
    await view.page.waitForSelector('#compare-with');
    expect(await view.page.evaluate(() => document.activeElement?.id)).toBe('compare-with');
    await view.page.keyboard.press('ArrowDown'); // from the address's report to the staging host's
    expect(await view.page.$eval('#compare-with', (s) => (s as HTMLSelectElement).value)).toBe(String(ids.staging));
    await view.page.keyboard.press('Tab');
    await view.page.keyboard.press('Enter');
    await compare.waitForComparison(ids.staging);
    const shown = await compare.shown();
    expect(shown.there).toEqual({ id: ids.staging, address: storedAddress(STAGING), ...scoreWords(results.staging) });
    expect(shown.failingHere).toEqual(named(failingOnlyIn(results.newer, results.staging)));
    expect(shown.failingThere).toEqual(named(failingOnlyIn(results.staging, results.newer)));
    // Each page's address on its own host reads as its path: the address check finds nothing to tell apart.
    expect(shown.findings.map((f) => f.key)).not.toContain('seo_friendly_url');
    expect(new URL(view.page.url()).searchParams.get('compare')).toBe(String(ids.staging));
    await screenshotBothThemes(ext, view, 'compare-reports-host');
  });

  it('closes the comparison, and the address with it', async () => {
    await compare.closeComparison();
    expect(new URL(view.page.url()).searchParams.has('compare')).toBe(false);
  });

  it('says when there is no other report to compare with', async () => {
    const lone = await openView(`id=${ids.lone}`);
    const panel = CompareReportsPanel.on(lone.page);
    await panel.openPicker();
    expect(await panel.options()).toEqual([]);
    expect(await panel.messages()).toEqual({
      address: 'No other report of this address.',
      hosts: 'No report of this path on another host.',
    });
    expect(await lone.page.$('#compare-picker button[type="submit"]')).toBeNull();
  });

  it('says in plain words when the other report cannot be read, and tries again', async () => {
    const missing = 999_999;
    const broken = await openView(`id=${ids.newer}&compare=${missing}`);
    await broken.page.waitForSelector('section.report__compare[data-compare="failed"] [role="alert"]', { timeout: 15_000 });
    const text = await broken.page.$eval('section.report__compare [role="alert"]', (n) => n.textContent ?? '');
    expect(text).toMatch(/^Could not load the other report: /);
    const asked = () => service.requestLog.filter((r) => r.path === `/api/v1/reports/${missing}`).length;
    const before = asked();
    await broken.page.click('section.report__compare [role="alert"] button');
    await vi.waitFor(() => expect(asked()).toBeGreaterThan(before), { timeout: 10_000 });
    await broken.page.waitForSelector('section.report__compare[data-compare="failed"] [role="alert"]', { timeout: 15_000 });
  });
});
