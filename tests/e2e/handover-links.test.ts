/**
 * Links that respect a report's privacy, and findings into the issue tracker, in Chromium on the
 * production build against the local report service: "Copy link" for a public, a
 * password-protected and a private report (each link opened on the service as a reader would),
 * a site's GitHub tracker set in the options, and "New issue" opening the tracker's prefilled
 * page with nothing sent by the extension.
 */
import type { Page, Target } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkName } from '../../lib/shared/check-names.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { resultsFailing, scoreOf } from './support/compared-results.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { ReportViewPage } from './support/pages/report-view.ts';

const fileTiming = timeFile('handover-links.test.ts');
const KEY = 'e2e-handover-links-key-91b7d3';
const PASSWORD = 'reader-pass-4417';
const PAGE = 'https://shop.example.com/pricing';
const FAILING = ['title', 'image_keywords', 'load_time'];
const results = resultsFailing(PAGE, FAILING);

let service: RunningService;
let ext: ExtensionBrowser;
const ids = { public: 0, password: 0, private: 0 };

async function openView(id: number): Promise<ReportViewPage> {
  const view = new ReportViewPage(await ext.openPage(`/report.html?id=${id}`));
  await view.waitForReady();
  await view.page.bringToFront();
  return view;
}

async function copyLink(view: ReportViewPage): Promise<{ outcome: string; tone: string; clipboard: string }> {
  await view.page.evaluate(() => navigator.clipboard.writeText('nothing copied'));
  await view.page.click('.report__handover ::-p-text(Copy link)');
  await view.page.waitForSelector('[data-handover-outcome]:not([data-handover-outcome=""])');
  return view.page.evaluate(async () => {
    const status = document.querySelector('[data-handover-outcome]')!;
    return {
      outcome: status.firstChild?.textContent?.trim() ?? '',
      tone: status.getAttribute('data-handover-outcome') ?? '',
      clipboard: await navigator.clipboard.readText(),
    };
  });
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  const seed = (privacy: 0 | 1 | 2) =>
    service.seedReports(KEY, [{ url: PAGE, score: scoreOf(results), results, privacy, ...(privacy === 2 ? { password: PASSWORD } : {}) }])[0]!.id;
  ids.public = seed(0);
  ids.password = seed(2);
  ids.private = seed(1);
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  await ext.browser
    .defaultBrowserContext()
    .overridePermissions(`chrome-extension://${ext.extensionId}`, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
  await options.close();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('Copy link', () => {
  it('gives a public report’s address on the service, which opens the report', async () => {
    const view = await openView(ids.public);
    const copied = await copyLink(view);
    expect(copied.clipboard).toBe(`${service.baseUrl}/reports/${ids.public}`);
    expect(copied.outcome).toBe('Link copied: anyone with it can open the report.');
    const opened = await fetch(copied.clipboard);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('data-score');
    await view.close();
  });

  it('gives a password-protected report’s address and a reminder, never the password', async () => {
    const view = await openView(ids.password);
    const copied = await copyLink(view);
    expect(copied.clipboard).toBe(`${service.baseUrl}/reports/${ids.password}`);
    expect(copied.clipboard).not.toContain(PASSWORD);
    expect(copied.clipboard).not.toContain(KEY);
    expect(copied.outcome).toMatch(/password-protected: the reader also needs its password, which is not in the link/);
    const opened = await (await fetch(copied.clipboard)).text();
    expect(opened).toContain('This report is password protected.');
    await view.close();
  });

  it('copies nothing for a private report, says why and offers the privacy dialog', async () => {
    const view = await openView(ids.private);
    const copied = await copyLink(view);
    expect(copied.clipboard).toBe('nothing copied');
    expect(copied.tone).toBe('private');
    expect(copied.outcome).toBe('This report is private: no one else can open it, even with the link. Make it public or password-protected first.');
    expect((await fetch(`${service.baseUrl}/reports/${ids.private}`)).status).toBe(404);
    await view.page.click('[data-handover-outcome] ::-p-text(Change the privacy)');
    await view.page.waitForSelector('dialog[open]');
    expect(await view.page.$eval('dialog[open]', (d) => d.textContent ?? '')).toContain('Public');
    await view.close();
  });
});

describe('Copy link in the reports manager', () => {
  it('copies each shareable report’s address and opens the privacy dialog for a private one', async () => {
    const options = await OptionsPage.open(ext);
    const page: Page = options.page;
    await page.bringToFront();
    await page.waitForSelector(`tr[data-report-id="${ids.password}"] [id$="-copy-link"]`, { timeout: 15_000 });
    const copy = async (id: number) => {
      await page.evaluate(() => navigator.clipboard.writeText('nothing copied'));
      // The status line is cleared, then set, at each announcement: wait for this copy's words, not the last one's.
      const before = await page.$eval('.rm-status', (p) => p.textContent ?? '');
      await page.click(`tr[data-report-id="${id}"] [id$="-copy-link"]`);
      await page.waitForFunction(
        (previous) => {
          const now = document.querySelector('.rm-status')?.textContent ?? '';
          return now !== previous && /link|private/i.test(now);
        },
        {},
        before,
      );
      return {
        status: await page.$eval('.rm-status', (p) => p.textContent ?? ''),
        clipboard: await page.evaluate(() => navigator.clipboard.readText()),
      };
    };
    expect(await copy(ids.public)).toEqual({
      status: 'Link copied: anyone with it can open the report.',
      clipboard: `${service.baseUrl}/reports/${ids.public}`,
    });
    const password = await copy(ids.password);
    expect(password.clipboard).toBe(`${service.baseUrl}/reports/${ids.password}`);
    expect(password.status).toMatch(/the reader also needs its password/);
    const hidden = await copy(ids.private);
    expect(hidden.clipboard).toBe('nothing copied');
    expect(hidden.status).toMatch(/^This report is private/);
    await page.waitForSelector('dialog[open]');
    await page.keyboard.press('Escape');
    await options.close();
  });
});

describe('New issue', () => {
  it('is offered once the site has a GitHub tracker, prefilled, and opening it sends nothing', async () => {
    const options = await OptionsPage.open(ext);
    const page: Page = options.page;
    await page.waitForSelector('.handover-settings[data-state="ready"]');
    await page.type('#tracker-address', 'https://github.com/acme');
    await page.type('#tracker-project', 'shop.example.com');
    await page.click('.tracker-settings ::-p-text(Save the tracker)');
    expect(await page.$eval('#tracker-problem', (p) => p.textContent)).toBe(
      'A GitHub address names an owner and a repository: https://github.com/owner/repo.',
    );
    await page.type('#tracker-address', '/shop/');
    await page.click('.tracker-settings ::-p-text(Save the tracker)');
    await page.waitForSelector('.tracker-settings__list li[data-project="shop.example.com"]');
    await options.close();

    const view = await openView(ids.private);
    await view.page.waitForSelector('.check__new-issue');
    const links = await view.page.$$eval('.check__new-issue', (as) =>
      as.map((a) => ({
        check: a.closest('li.check')?.getAttribute('data-check'),
        href: a.getAttribute('href') ?? '',
        label: a.getAttribute('aria-label'),
      })),
    );
    expect(links.map((l) => l.check).sort()).toEqual([...FAILING].sort());
    const title = links.find((l) => l.check === 'title')!;
    expect(title.label).toBe(`New issue for “${checkName('title')}”`);
    const url = new URL(title.href);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/acme/shop/issues/new');
    expect(url.searchParams.get('title')).toBe(`Fix: ${checkName('title')} on shop.example.com/pricing`);
    expect(url.searchParams.get('body')).toContain('The report is private');
    expect(url.searchParams.get('body')).not.toContain(service.baseUrl);

    const asked: string[] = [];
    view.page.on('request', (request) => asked.push(request.url()));
    const servedBefore = service.requestLog.length;
    const opened = ext.browser.waitForTarget((target: Target) => target.url().startsWith('https://github.com/'), { timeout: 10_000 });
    await view.page.$eval('li.check[data-check="title"] .check__new-issue', (a) => (a as HTMLElement).scrollIntoView());
    await view.page.click('li.check[data-check="title"] .check__new-issue');
    expect((await opened).url()).toBe(title.href);
    expect(asked).toEqual([]);
    expect(service.requestLog.slice(servedBefore)).toEqual([]);
  });
});
