/**
 * The store listings' material, made from the production build in Chromium against the local report
 * service: screenshots at 1280×800 of each screen in STORE_SCREENS, in English, German and Arabic (the
 * popup, smaller, framed on a 1280×800 page; the side panel beside the page it reports on), and each language's summary and description from the
 * catalogue, within the stores' limits. Written to .output/store/<locale>/ (not committed).
 */
import type { Page } from 'puppeteer-core';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../lib/locales/build.ts';
import type { Locale } from '../../lib/locales/catalogue.ts';
import { STORE_DESCRIPTION_MAX, STORE_LISTINGS, STORE_SUMMARY_MAX } from '../../lib/locales/store-listing.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { PopupPage } from './support/pages/popup.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { projectRoot } from './support/paths.ts';

const fileTiming = timeFile('store-listing.test.ts');
const KEY = 'e2e-store-listing-key-8e21d4';
const SIZE = { width: 1280, height: 800 };
const STORE_DIR = join(projectRoot, '.output', 'store');
const DAY = 86_400_000;
const LANGUAGES: Locale[] = ['en', 'de', 'ar'];

interface ScreenContext {
  ext: ExtensionBrowser;
  tab: Page;
  reportId: number;
  locale: Locale;
}

/**
 * The screens of the listing, in the order the stores show them. Each resolves with a page showing it
 * at 1280×800. A new screen (the side panel, for one) is one more entry here.
 */
const STORE_SCREENS: { name: string; show: (c: ScreenContext) => Promise<Page> }[] = [
  {
    name: 'popup',
    show: async ({ ext, tab }) => {
      const popup = await PopupPage.openOn(ext, tab);
      await popup.waitForReady();
      const shot = Buffer.from(await popup.page.screenshot()).toString('base64');
      const dir = await popup.page.evaluate(() => document.documentElement.dir);
      await popup.close();
      return framed(ext, `data:image/png;base64,${shot}`, dir);
    },
  },
  {
    name: 'report-view',
    show: async ({ ext, reportId }) => {
      const view = await ext.openPage(`/report.html?id=${reportId}`);
      await view.setViewport(SIZE);
      await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
      return view;
    },
  },
  {
    name: 'reports-manager',
    show: async ({ ext }) => {
      const options = await ext.openOptions();
      await options.setViewport(SIZE);
      await options.waitForSelector('section.rm[data-state="idle"] tbody tr', { timeout: 15_000 });
      await options.$eval('section.rm', (section) => section.scrollIntoView({ block: 'start' }));
      return options;
    },
  },
  {
    name: 'side-panel',
    show: async ({ ext, tab, locale }) => {
      await tab.setViewport({ width: SIZE.width - PANEL_WIDTH, height: SIZE.height });
      const popup = await PopupPage.openOn(ext, tab);
      await popup.waitForReady();
      const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().endsWith('/sidepanel.html'), { timeout: 10_000 });
      await popup.page.locator(`::-p-text(${CATALOGUES[locale].openBeside})`).click();
      const panel = (await (await opened).asPage())!;
      await panel.setViewport({ width: PANEL_WIDTH, height: SIZE.height });
      const report = await waitForFrame(panel, '/report.html?');
      await report.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
      const panelShot = Buffer.from(await panel.screenshot()).toString('base64');
      const dir = await panel.evaluate(() => document.documentElement.dir);
      await panel.close();
      await tab.bringToFront();
      const pageShot = Buffer.from(await tab.screenshot()).toString('base64');
      return beside(ext, `data:image/png;base64,${pageShot}`, `data:image/png;base64,${panelShot}`, dir);
    },
  },
];

/** The side panel's width in the screenshot: Chromium's default panel is about this wide. */
const PANEL_WIDTH = 400;

async function waitForFrame(page: Page, urlPart: string) {
  for (let i = 0; i < 150; i++) {
    const frame = page.frames().find((f) => f.url().includes(urlPart));
    if (frame) return frame;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No frame at ${urlPart} in ${page.url()}`);
}

/** The page and the side panel side by side on 1280×800, the panel where the browser puts it: at the end of the line. */
async function beside(ext: ExtensionBrowser, pageImage: string, panelImage: string, dir: string): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.setViewport(SIZE);
  await page.setContent(
    `<!doctype html><html dir="${dir}"><body style="margin:0;height:100vh;display:grid;grid-template-columns:${SIZE.width - PANEL_WIDTH}px ${PANEL_WIDTH}px;background:#f4f5f7">
      <img src="${pageImage}" alt="" style="display:block"><img src="${panelImage}" alt="" style="display:block;border-inline-start:1px solid #d0d7de;box-sizing:border-box;width:${PANEL_WIDTH}px"></body></html>`,
  );
  await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
  return page;
}

/** The popup's picture in the middle of a 1280×800 page in the extension's own colours. */
async function framed(ext: ExtensionBrowser, image: string, dir: string): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.setViewport(SIZE);
  await page.setContent(
    `<!doctype html><html dir="${dir}"><body style="margin:0;height:100vh;display:grid;place-items:center;background:linear-gradient(135deg,#e8f1fd,#f4f5f7)">
      <img src="${image}" alt="" style="border:1px solid #d0d7de;border-radius:8px;box-shadow:0 12px 40px rgb(0 0 0 / 0.18)"></body></html>`,
  );
  await page.waitForFunction(() => document.querySelector('img')?.complete);
  return page;
}

let site: PageServer;

beforeAll(async () => {
  await rm(STORE_DIR, { recursive: true, force: true });
  site = await startPageServer({
    '/walking-shoes': {
      body: '<!doctype html><html lang="en"><head><title>Walking shoes</title></head><body><h1>Walking shoes</h1><p>Shoes for long walks.</p></body></html>',
    },
  });
});

afterAll(async () => {
  await site?.close();
  await fileTiming.done();
});

describe('the words of the listing', () => {
  it.each(STORE_LISTINGS.map((listing) => [listing.locale, listing] as const))('in %s, within the limits', async (locale, listing) => {
    expect(listing.summary.length).toBeGreaterThan(40);
    expect(listing.summary.length).toBeLessThanOrEqual(STORE_SUMMARY_MAX);
    expect(listing.description.length).toBeGreaterThan(listing.summary.length);
    expect(listing.description.length).toBeLessThanOrEqual(STORE_DESCRIPTION_MAX);
    // Each language has its own words, not the English ones.
    if (locale !== 'en') expect(listing.summary).not.toBe(STORE_LISTINGS[0]!.summary);
    await mkdir(join(STORE_DIR, locale), { recursive: true });
    await writeFile(join(STORE_DIR, locale, 'summary.txt'), `${listing.summary}\n`);
    await writeFile(join(STORE_DIR, locale, 'description.txt'), `${listing.description}\n`);
  });
});

describe.each(LANGUAGES)('the screenshots in %s', (locale) => {
  let context: ScreenContext;
  let service: RunningService;

  beforeAll(async () => {
    // A service of its own: each language's screens show the same reports.
    service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: 1000 }] });
    const url = site.url('/walking-shoes');
    const now = Date.now();
    const seeded = service.seedReports(KEY, [
      { url, score: 58, generatedAt: new Date(now - 40 * DAY).toISOString() },
      { url, score: 71, generatedAt: new Date(now - 12 * DAY).toISOString() },
      { url, score: 86, generatedAt: new Date(now - 2 * 3_600_000).toISOString() },
      ...['/', '/about', '/shoes/trail', '/shoes/city', '/blog/fit-guide', '/contact'].map((path, i) => ({
        url: `https://shop.example.com${path}`,
        score: [92, 64, 47, 81, 73, 55][i]!,
        generatedAt: new Date(now - (i + 1) * DAY).toISOString(),
      })),
    ]);
    const ext = await launchExtensionBrowser({ lang: locale });
    await ext.grantHostPermission(service.baseUrl);
    const manager = await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY);
    await manager.page.close();
    context = { ext, tab: await ext.newTab(url), reportId: seeded[2]!.id, locale };
  });

  afterAll(async () => {
    await context?.ext.close();
    await service?.close();
  });

  it.each(STORE_SCREENS.map((screen) => [screen.name, screen] as const))('%s, 1280×800', async (name, screen) => {
    const page = await screen.show(context);
    const png = Buffer.from(await page.screenshot());
    await page.close();
    // The PNG's own header: width and height at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([SIZE.width, SIZE.height]);
    await mkdir(join(STORE_DIR, locale), { recursive: true });
    await writeFile(join(STORE_DIR, locale, `${STORE_SCREENS.indexOf(screen) + 1}-${name}.png`), png);
  });
});
