/**
 * A report handed over, in Firefox on the production build against the local report service:
 * "Copy link" for a public, a password-protected and a private report (the clipboard read from
 * Firefox's own window, where no page prompt stands in the way), and the report's HTML file and
 * Jira CSV saved as real downloads (the profile sends them to a scratch folder without asking)
 * and read back from disk. The HTML file is opened from disk in a fresh tab that may load
 * nothing else: BiDi's request interception refuses everything but the file and its data: logo.
 * Then the files of many reports: the Jira CSV of reports chosen in the reports manager (one
 * deleted on the service meanwhile, so named and left out), and a site's Jira CSV and HTML file.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { resultsFailing, scoreOf } from '../e2e/support/compared-results.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { ReportViewPage } from '../e2e/support/pages/report-view.ts';
import { SiteViewPage } from '../e2e/support/pages/site-view.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox handover.test.ts');
const KEY = 'e2e-firefox-handover-key-6a2f41';
const PASSWORD = 'reader-pass-8820';
const PAGE = 'https://shop.example.com/pricing';
const FAILING = ['title', 'image_keywords', 'load_time'];
const results = resultsFailing(PAGE, FAILING);
/** A 1×1 PNG. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let service: RunningService;
let ext: FirefoxExtension;
let downloads: string;
const ids = { public: 0, password: 0, private: 0 };
/** A report deleted on the service once chosen in the reports manager. */
let gone: { id: number; url: string };

async function openView(id: number): Promise<ReportViewPage> {
  const view = new ReportViewPage(await ext.openPage(`/report.html?id=${id}`));
  await view.waitForReady();
  return view;
}

/** The clipboard's text, read and written in Firefox's own window. */
const clipboard = {
  read: () => ext.chrome.run((c) => c.window.navigator.clipboard.readText()),
  write: (text: string) => ext.chrome.run((c, value) => c.window.navigator.clipboard.writeText(value), text),
};

async function copyLink(view: ReportViewPage): Promise<{ outcome: string; tone: string; clipboard: string }> {
  await clipboard.write('nothing copied');
  await view.page.click('.report__handover ::-p-text(Copy link)');
  await view.page.waitForSelector('[data-handover-outcome]:not([data-handover-outcome=""])');
  const shown = await view.page.$eval('[data-handover-outcome]', (status) => ({
    outcome: status.firstChild?.textContent?.trim() ?? '',
    tone: status.getAttribute('data-handover-outcome') ?? '',
  }));
  return { ...shown, clipboard: await clipboard.read() };
}

async function downloaded(name: string): Promise<string> {
  await waitUntil(name, async () => existsSync(join(downloads, name)) && !(await readdir(downloads)).some((f) => f.endsWith('.part')));
  return readFile(join(downloads, name), 'utf8');
}

const jiraSaid = (page: Page, scope: string) =>
  page
    .waitForFunction(
      (s) => document.querySelector(`${s} [data-jira-outcome]:not([data-jira-outcome=""])`)?.textContent ?? null,
      { timeout: 20_000 },
      scope,
    )
    .then((handle) => handle.jsonValue() as Promise<string>);

beforeAll(async () => {
  downloads = await mkdtemp(join(tmpdir(), 'site-report-firefox-downloads-'));
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  const seed = (privacy: 0 | 1 | 2) =>
    service.seedReports(KEY, [{ url: PAGE, score: scoreOf(results), results, privacy, ...(privacy === 2 ? { password: PASSWORD } : {}) }])[0]!.id;
  ids.public = seed(0);
  ids.password = seed(2);
  ids.private = seed(1);
  gone = service.seedReports(KEY, [{ url: `${PAGE}/gone`, score: 50, results: resultsFailing(`${PAGE}/gone`, ['title']) }])[0]!;
  ext = await launchFirefoxExtension({
    prefs: {
      // Every download saved at once in the scratch folder, no dialog, no panel.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.download.alwaysOpenPanel': false,
    },
  });
  const options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  await options.evaluate((logo) => browser.runtime.sendMessage({ type: 'saveAgency', payload: { agency: { name: 'Acme Web Studio', logo } } }), LOGO);
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
  await fileTiming.done();
});

describe('Copy link in Firefox', () => {
  it('gives a public report’s address on the service, which opens the report', async () => {
    const view = await openView(ids.public);
    const copied = await copyLink(view);
    expect(copied).toMatchObject({
      clipboard: `${service.baseUrl}/reports/${ids.public}`,
      outcome: 'Link copied: anyone with it can open the report.',
    });
    expect((await fetch(copied.clipboard)).status).toBe(200);
    await view.close();
  });

  it('gives a password-protected report’s address and a reminder, never the password', async () => {
    const view = await openView(ids.password);
    const copied = await copyLink(view);
    expect(copied.clipboard).toBe(`${service.baseUrl}/reports/${ids.password}`);
    expect(copied.clipboard).not.toContain(PASSWORD);
    expect(copied.outcome).toMatch(/password-protected: the reader also needs its password, which is not in the link/);
    expect(await (await fetch(copied.clipboard)).text()).toContain('This report is password protected.');
    await view.close();
  });

  it('copies nothing for a private report and says why', async () => {
    const view = await openView(ids.private);
    const copied = await copyLink(view);
    expect(copied.clipboard).toBe('nothing copied');
    expect(copied.tone).toBe('private');
    expect(copied.outcome).toMatch(/^This report is private: no one else can open it/);
    await view.close();
  });
});

describe('Files of a report in Firefox', () => {
  it('saves the HTML file, which opens from disk with nothing else loaded and reads like the printed report', async () => {
    const view = await openView(ids.public);
    await view.page.click('.report__handover ::-p-text(Download as HTML)');
    const name = `site-report-${ids.public}.html`;
    const html = await downloaded(name);
    expect(html).not.toMatch(/<script/i);
    const tab = await ext.browser.newPage();
    const file = pathToFileURL(join(downloads, name)).href;
    const asked: string[] = [];
    await tab.setRequestInterception(true);
    tab.on('request', (request) => {
      if (request.url() === file || request.url().startsWith('data:')) return void request.continue();
      asked.push(request.url());
      void request.abort();
    });
    await tab.goto(file);
    const text = (await tab.evaluate(() => document.body.innerText)).replace(/\s+/g, ' ');
    for (const key of FAILING) expect(text).toContain(checkName(key));
    expect(text).toContain('Prepared by Acme Web Studio');
    expect(await tab.$eval('img', (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(asked).toEqual([]);
    await tab.close();
    await view.close();
  });

  it('saves the Jira CSV: one row per failed check, with priority and labels', async () => {
    const view = await openView(ids.public);
    await view.page.click('.report__handover ::-p-text(Export for Jira)');
    await view.page.waitForSelector('[data-handover-outcome="done"]');
    const csv = await downloaded(`site-report-jira-${ids.public}.csv`);
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('"Summary","Description","Priority","Labels"');
    for (const key of FAILING) expect(csv).toMatch(new RegExp(`"Fix: ${checkName(key)} on [^"]*shop\\.example\\.com/pricing"`));
    expect(csv).toMatch(/"(High|Medium|Low)","site-report image_keywords"/);
    expect(csv).toContain(`Report: ${service.baseUrl}/reports/${ids.public}`);
    expect(await view.page.$eval('[data-handover-outcome]', (s) => s.textContent ?? '')).toContain('3 issues for Jira’s CSV import');
    await view.close();
  });
});

describe('Files of many reports in Firefox', () => {
  const rowsOf = (csv: string) => csv.split('\r\n').filter(Boolean).slice(1);

  it('exports the chosen reports for Jira, and names the one that could not be read', async () => {
    const options = await ext.openOptions();
    for (const id of [ids.public, ids.private, gone.id]) {
      await options.waitForSelector(`tr[data-report-id="${id}"] input[type="checkbox"]`, { timeout: 15_000 });
      await options.click(`tr[data-report-id="${id}"] input[type="checkbox"]`);
    }
    const deleted = await fetch(`${service.baseUrl}/api/v1/reports/${gone.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${KEY}` } });
    expect(deleted.ok).toBe(true);
    await options.click('.rm-selection [data-action="export-jira"]');
    const said = await jiraSaid(options, '.rm-selection');
    const rows = rowsOf(await downloaded(`site-report-jira-selection-${new Date().toISOString().slice(0, 10)}.csv`));
    expect(rows).toHaveLength(2 * FAILING.length);
    expect(said).toContain(`${2 * FAILING.length} issues for Jira’s CSV import`);
    expect(said).toContain(`Left out ${gone.url}:`);
    expect(rows.filter((row) => row.includes('The report is private'))).toHaveLength(FAILING.length);
    await options.close();
  });

  it('exports a site for Jira and saves it as one HTML file', async () => {
    const site = SiteViewPage.at(await ext.openPage('/site.html?project=shop.example.com'));
    await site.waitForPhase('done');
    await site.page.click('[data-action="export-jira"]');
    await jiraSaid(site.page, 'main.site');
    // The site's latest report of its one page.
    expect(rowsOf(await downloaded('site-report-jira-shop.example.com.csv'))).toHaveLength(FAILING.length);
    await site.page.click('[data-action="download-html"]');
    const html = await downloaded('site-report-shop.example.com.html');
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Prepared by Acme Web Studio');
    expect(text).toContain('Pages and their failed checks');
    for (const key of FAILING) expect(text).toContain(checkName(key));
    expect(html).not.toMatch(/<script/i);
    await site.page.close();
  });
});
