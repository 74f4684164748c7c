/**
 * Site limits in Firefox, with the same page objects as in Chromium, against the local report
 * service: a minimum score and a Security limit set on the options page, then named in the report
 * view of a report that breaks them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { resultsFailing } from '../e2e/support/compared-results.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { ReportViewPage } from '../e2e/support/pages/report-view.ts';
import { shownVerdict, SiteLimitsSection, waitForVerdict } from '../e2e/support/pages/site-limits.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox site-limits.test.ts');
const KEY = 'e2e-firefox-limits-key-8d3a61';
const PAGE = 'https://shop.example.test/checkout';

let service: RunningService;
let ext: FirefoxExtension;
let reportId: number;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  reportId = service.seedReports(KEY, [{ url: PAGE, score: 70, results: resultsFailing(PAGE, ['mixed_content']) }])[0]!.id;
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

describe('site limits in Firefox', () => {
  it('sets limits on the options page and names those a report breaks in the report view', async () => {
    const options = await ext.openOptions();
    const section = new SiteLimitsSection(options);
    await section.setLimits('shop.example.test', { minScore: 80, categories: ['Security'] });
    expect(await section.siteText('shop.example.test')).toBe('shop.example.test · score at least 80 · no failed check in Security');
    await options.close();

    const view = await ReportViewPage.opened(await ext.openPage(`/report.html?id=${reportId}`));
    await waitForVerdict(view.page, 'Breaks 2 limits');
    expect(await shownVerdict(view.page)).toEqual({
      state: 'breaks',
      line: 'Breaks 2 limits',
      broken: ['Score 70 is below the minimum of 80', 'Security checks failed: Mixed content'],
    });
  });
});
