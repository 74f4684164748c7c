/**
 * Findings handed over in bulk, in Chromium on the production build against the local report
 * service: "Export for Jira" of reports chosen in the reports manager (one of them deleted on the
 * service meanwhile, so left out and named) and of a whole site, each CSV read back from the
 * downloads folder; and the site view's "Download as HTML", opened in a fresh tab that may load nothing.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { resultsFailing, scoreOf } from './support/compared-results.ts';
import { timeFile } from './support/file-timing.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { waitUntil } from './support/stand-ins.ts';

const fileTiming = timeFile('handover-exports.test.ts');
const KEY = 'e2e-handover-exports-key-3d81a0';
const SITE = 'shoes.example.com';
const PAGES = {
  walking: { url: `https://${SITE}/walking`, failing: ['title', 'headings', 'favicon'], privacy: 0 as const },
  running: { url: `https://${SITE}/running`, failing: ['load_time', 'image_keywords'], privacy: 1 as const },
  gone: { url: `https://${SITE}/gone`, failing: ['title'], privacy: 0 as const },
  other: { url: 'https://other.example.org/', failing: ['favicon'], privacy: 0 as const },
};
/** A 1×1 PNG. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let service: RunningService;
let ext: ExtensionBrowser;
let downloads: string;
const seeded = {} as Record<keyof typeof PAGES, { id: number; url: string }>;

/** Reads CSV as a spreadsheet would (RFC 4180): quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const match of text.matchAll(/((?:"(?:[^"]|"")*",?)+)\r\n/g)) {
    rows.push([...match[1]!.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => cell[1]!.replace(/""/g, '"')));
  }
  return rows;
}

async function downloaded(name: string): Promise<string> {
  await waitUntil(name, async () => existsSync(join(downloads, name)) && !(await readdir(downloads)).some((f) => f.endsWith('.crdownload')));
  const text = await readFile(join(downloads, name), 'utf8');
  // A file of the same name later would be saved under another.
  await rm(join(downloads, name));
  return text;
}

const outcome = (page: Page, scope: string) =>
  page
    .waitForFunction(
      (s) => document.querySelector(`${s} [data-jira-outcome]:not([data-jira-outcome=""])`)?.textContent ?? null,
      { timeout: 20_000 },
      scope,
    )
    .then((handle) => handle.jsonValue() as Promise<string>);

beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'site-report-exports-'));
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  for (const [name, page] of Object.entries(PAGES) as [keyof typeof PAGES, (typeof PAGES)[keyof typeof PAGES]][]) {
    const results = resultsFailing(page.url, page.failing);
    seeded[name] = service.seedReports(KEY, [{ url: page.url, score: scoreOf(results), results, privacy: page.privacy }])[0]!;
  }
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
  await fileTiming.done();
});

describe('Export for Jira of chosen reports', () => {
  it('writes each failed check of each chosen report, and names the one that could not be read', async () => {
    const manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
    const options = manager.page;
    await options.evaluate(
      (logo) => browser.runtime.sendMessage({ type: 'saveAgency', payload: { agency: { name: 'Acme Web Studio', logo } } }),
      LOGO,
    );
    for (const name of ['walking', 'running', 'gone'] as const) {
      await options.waitForSelector(`tr[data-report-id="${seeded[name].id}"] input[type="checkbox"]`);
      await options.click(`tr[data-report-id="${seeded[name].id}"] input[type="checkbox"]`);
    }
    const gone = await fetch(`${service.baseUrl}/api/v1/reports/${seeded.gone.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(gone.ok).toBe(true);

    await options.click('.rm-selection [data-action="export-jira"]');
    const said = await outcome(options, '.rm-selection');
    await ext.screenshot(options, 'jira-export-selection');
    const csv = parseCsv(await downloaded(`site-report-jira-selection-${new Date().toISOString().slice(0, 10)}.csv`));
    expect(csv[0]).toEqual(['Summary', 'Description', 'Priority', 'Labels']);
    const rows = csv.slice(1);
    expect(rows).toHaveLength(5);
    expect(said).toContain('5 issues for Jira’s CSV import');
    expect(said).toContain(`Left out ${seeded.gone.url}:`);
    for (const name of ['walking', 'running'] as const)
      for (const key of PAGES[name].failing) {
        const row = rows.find((r) => r[0] === `Fix: ${checkName(key)} on ${seeded[name].url}`);
        expect(row, `${key} of ${name}`).toBeDefined();
        expect(row![2]).toMatch(/^(High|Medium|Low)$/);
        expect(row![3]).toBe(`site-report ${key}`);
        expect(row![1]).toContain(name === 'walking' ? `Report: ${service.baseUrl}` : 'The report is private');
      }
    expect(rows.some((r) => r[0]!.includes(seeded.other.url))).toBe(false);
    await options.close();
  });
});

describe('Export for Jira of every matching report', () => {
  it('reads the first 100 of more and says so', async () => {
    const many = Array.from({ length: 101 }, (_, i) => {
      const url = `https://many.example.net/page-${i + 1}`;
      return { url, score: 50, results: resultsFailing(url, ['title']), privacy: 0 as const };
    });
    service.seedReports(KEY, many);
    const manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
    const options = manager.page;
    await manager.typeProject('many.example.net');
    await manager.waitForList({ project: 'many.example.net' });
    await options.click('thead input[type="checkbox"]');
    await manager.selectionButton('Select all 101 reports matching');
    await options.click('.rm-selection [data-action="export-jira"]');
    const said = await outcome(options, '.rm-selection');
    expect(said).toContain('At most 100 reports go into one export: the first 100 of the 101 chosen were read.');
    expect(said).toContain('100 issues');
    const rows = parseCsv(await downloaded(`site-report-jira-selection-${new Date().toISOString().slice(0, 10)}.csv`)).slice(1);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((r) => r[0])).size).toBe(100);
    expect(rows.every((r) => /^Fix: Title on (https:\/\/)?many\.example\.net\/page-\d+$/.test(r[0]!))).toBe(true);
    await options.close();
  });
});

describe('The site handed over', () => {
  let site: SiteViewPage;
  beforeAll(async () => {
    site = SiteViewPage.at(await ext.openPage(`/site.html?project=${SITE}`));
    await site.waitForPhase('done');
  });

  it('exports every page’s failed checks for Jira', async () => {
    await site.page.click('[data-action="export-jira"]');
    const said = await outcome(site.page, 'main.site');
    await ext.screenshot(site.page, 'jira-export-site');
    const rows = parseCsv(await downloaded(`site-report-jira-${SITE}.csv`)).slice(1);
    expect(said).toContain('5 issues');
    expect(rows.map((r) => r[0]).sort()).toEqual(
      (['walking', 'running'] as const).flatMap((name) => PAGES[name].failing.map((key) => `Fix: ${checkName(key)} on ${seeded[name].url}`)).sort(),
    );
  });

  it('downloads one HTML file that opens with no network and reads like the printed site', async () => {
    await site.page.click('[data-action="download-html"]');
    const html = await downloaded(`site-report-${SITE}.html`);
    const tab = await ext.browser.newPage();
    const asked: string[] = [];
    await tab.setRequestInterception(true);
    tab.on('request', (request) => {
      if (request.url().startsWith('data:')) return void request.continue();
      asked.push(request.url());
      void request.abort();
    });
    await tab.setContent(html, { waitUntil: 'load' });
    const text = (await tab.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ');
    expect(text).toContain('Prepared by Acme Web Studio');
    expect(text).toContain('Website audit');
    expect(text).toContain('2 pages');
    for (const key of [...PAGES.walking.failing, ...PAGES.running.failing]) expect(text).toContain(checkName(key));
    expect(text).toContain('How to fix it:');
    expect(text.indexOf('Pages and their failed checks')).toBeLessThan(text.lastIndexOf(seeded.walking.url));
    expect(text).not.toContain(seeded.other.url);
    expect(await tab.$$eval('script', (s) => s.length)).toBe(0);
    expect(await tab.$eval('img', (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(asked).toEqual([]);
    await tab.close();
  });
});
