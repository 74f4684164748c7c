/**
 * The report handed over, in Chromium on the production build, against the local report service:
 * the report view printed to PDF with the print media (its text read back with poppler's
 * pdftotext, its first two pages drawn with pdftoppm at A4 size into test-artifacts), and the
 * "Download as HTML" file opened in a fresh tab that may load nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { resultsFailing, scoreOf } from './support/compared-results.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { ReportViewPage } from './support/pages/report-view.ts';
import { SiteViewPage } from './support/pages/site-view.ts';
import { screenshotsDir } from './support/paths.ts';
import { waitUntil } from './support/stand-ins.ts';

const run = promisify(execFile);
const fileTiming = timeFile('print-report.test.ts');
const KEY = 'e2e-print-report-key-5c20e8';
const PAGE = 'https://shoes.example.com/walking';
/** Enough failed checks, with long findings, for the document to run over two pages. */
const FAILING = ['title', 'headings', 'image_keywords', 'load_time', 'inline_css', 'deprecated_html_tags', 'sitemap', 'favicon', 'http2', 'htst'];
const results = resultsFailing(PAGE, FAILING);
/** A 1×1 PNG. */
const LOGO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Words of the screen's controls, none of which may reach paper. */
const CONTROL_WORDS = [
  'Print / Save as PDF',
  'Download as HTML',
  'Copy link',
  'Export for Jira',
  'Regenerate',
  'Delete',
  'Copy as Markdown',
  'Download JSON',
  'Show on page',
  'Compare with',
];

let service: RunningService;
let ext: ExtensionBrowser;
let view: ReportViewPage;
let scratch: string;
let id = 0;

const pageText = async (pdf: string, page: number) => (await run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', pdf, '-'])).stdout;
const squash = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'site-report-print-'));
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  id = service.seedReports(KEY, [{ url: PAGE, score: scoreOf(results), results, privacy: 0 }])[0]!.id;
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: scratch });
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.page.evaluate(
    (logo) => browser.runtime.sendMessage({ type: 'saveAgency', payload: { agency: { name: 'Acme Web Studio', logo } } }),
    LOGO,
  );
  await options.close();
  view = new ReportViewPage(await ext.openPage(`/report.html?id=${id}`));
  await view.waitForReady();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await fileTiming.done();
});

describe('Print / Save as PDF', () => {
  let pdf: string;

  it('prints every failed check, the cover on page 1, and no control', async () => {
    await view.page.waitForSelector('.print-cover__logo');
    await view.page.emulateMediaType('print');
    pdf = join(scratch, 'report.pdf');
    await writeFile(pdf, await view.page.pdf({ format: 'A4', printBackground: true }));
    await view.page.emulateMediaType(undefined);
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdf])).stdout)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const all = squash((await run('pdftotext', ['-layout', pdf, '-'])).stdout);
    for (const key of FAILING) expect(all).toContain(checkName(key));
    for (const words of CONTROL_WORDS) expect(all).not.toContain(words);
    const first = squash(await pageText(pdf, 1));
    expect(first).toContain('Prepared by Acme Web Studio');
    expect(first).toContain('Website audit');
    expect(first).toContain('shoes.example.com/walking');
    expect(first).toContain(`Score ${scoreOf(results)}`);
    expect(first.indexOf('Website audit')).toBeLessThan(first.indexOf('Summary'));
    expect(all).toContain('Checks that passed');
  });

  it('keeps each check whole on one page', async () => {
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [pdf])).stdout)?.[1]);
    const texts = await Promise.all(Array.from({ length: pages }, (_, i) => pageText(pdf, i + 1)));
    for (const key of FAILING) {
      const name = checkName(key);
      const on = texts.findIndex((text) => squash(text).includes(name));
      const page = squash(texts[on]!);
      // Its "How to fix" follows its name on the same page.
      expect(page.indexOf('How to fix:', page.indexOf(name))).toBeGreaterThan(-1);
    }
  });

  it('saves pages 1 and 2 as drawn on A4', async () => {
    await mkdir(screenshotsDir, { recursive: true });
    await run('pdftoppm', ['-png', '-r', '96', '-f', '1', '-l', '2', pdf, join(screenshotsDir, 'print-report-page')]);
    const drawn = (await readdir(screenshotsDir)).filter((f) => f.startsWith('print-report-page-'));
    expect(drawn.sort()).toEqual(['print-report-page-1.png', 'print-report-page-2.png']);
  });
});

describe('Download as HTML', () => {
  it('is one file that opens with no network and reads like the printed report', async () => {
    await view.page.bringToFront();
    await view.page.locator('.report__handover ::-p-text(Download as HTML)').click();
    const name = `site-report-${id}.html`;
    await waitUntil('the HTML file', async () => existsSync(join(scratch, name)) && !(await readdir(scratch)).some((f) => f.endsWith('.crdownload')));
    const html = await readFile(join(scratch, name), 'utf8');
    const tab = await ext.browser.newPage();
    const asked: string[] = [];
    await tab.setRequestInterception(true);
    // The embedded logo is a data address, read from the file itself; anything else would leave the machine.
    tab.on('request', (request) => {
      if (request.url().startsWith('data:')) return void request.continue();
      asked.push(request.url());
      void request.abort();
    });
    await tab.setContent(html, { waitUntil: 'load' });
    const text = squash(await tab.evaluate(() => document.body.innerText));
    for (const key of FAILING) expect(text).toContain(checkName(key));
    expect(text).toContain('Prepared by Acme Web Studio');
    expect(await tab.$$eval('script', (s) => s.length)).toBe(0);
    expect(await tab.$eval('img', (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(asked).toEqual([]);
    await tab.close();
  });
});

describe('The site view on paper', () => {
  it('prints its cover, every failing check opened with its pages, and no control', async () => {
    const site = SiteViewPage.at(await ext.openPage('/site.html?project=shoes.example.com'));
    await site.waitForPhase('done');
    await site.page.waitForSelector('.print-cover__logo');
    expect(await site.page.$eval('[data-action="print"]', (b) => b.textContent)).toBe('Print / Save as PDF');
    await site.page.emulateMediaType('print');
    const file = join(scratch, 'site.pdf');
    await writeFile(file, await site.page.pdf({ format: 'A4', printBackground: true }));
    const all = squash((await run('pdftotext', ['-layout', file, '-'])).stdout);
    const first = squash(await pageText(file, 1));
    expect(first).toContain('Prepared by Acme Web Studio');
    expect(first).toContain('shoes.example.com');
    for (const key of FAILING) expect(all).toContain(checkName(key));
    // The folds are open: each check's pages are listed under it.
    expect(all).toContain('shoes.example.com/walking');
    expect(all).toContain('How to fix');
    for (const words of [...CONTROL_WORDS, 'Refresh', 'Download CSV']) expect(all).not.toContain(words);
    await run('pdftoppm', ['-png', '-r', '96', '-f', '1', '-l', '1', file, join(screenshotsDir, 'print-site-page')]);
    await site.page.close();
  });
});
