/**
 * "Show on page", finding by finding, in Chromium on the production build: with a check's findings
 * outlined in the tab, "Next finding" and "Previous finding" (and the keys . and ,) scroll the tab
 * to one finding and focus it there, and both the control and the page's badge say which ("Finding
 * 2 of 4"). Clearing the outline gives the elements back their own focus behaviour.
 */
import type { KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { waitUntil } from './support/stand-ins';
import { serveTestPages, type TestPages } from './support/test-pages';

const KEY = 'e2e-show-findings-key-5d20a1c';
const CHECK = 'deprecated_html_tags';
/** Four old tags of two kinds (one kind alone passes), far apart, so each step scrolls the tab. */
const PAGE = `<!doctype html><html lang="en"><head><title>Findings</title></head><body><h1>Findings</h1>
  ${[1, 2, 3, 4].map((n) => `<div style="height: 1500px"></div><${n % 2 ? 'center' : 'font'} id="old-${n}">Old ${n}</${n % 2 ? 'center' : 'font'}>`).join('')}
  <div style="height: 1500px"></div></body></html>`;

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let view: Page;
let tab: Page;

const check = `li.check[data-check="${CHECK}"]`;
/** The words beside the control, once they say something. */
const position = () => view.$eval(`${check} .check__finding-position`, (span) => span.textContent?.trim() ?? '');
/** What the tab shows: the focused element, how far it is scrolled, its badge, and where the focused element sits. */
const inTab = () =>
  tab.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const box = focused?.getBoundingClientRect();
    return {
      focused: focused?.id ?? '',
      scrollY: Math.round(window.scrollY),
      inView: box ? box.top >= 0 && box.bottom <= window.innerHeight : false,
      badge: document.querySelector('[data-site-report-count]')?.textContent ?? '',
    };
  });
/** Presses a key in the report view and waits until the control says `words`. */
async function stepTo(key: KeyInput, words: string): Promise<void> {
  await view.keyboard.press(key);
  await waitUntil(`"${words}"`, async () => (await position()) === words);
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/findings': PAGE });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission('http://127.0.0.1/*');
  tab = await ext.newTab(site.url('/findings'));
  const options = await ext.openOptions();
  expect(
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    ),
  ).toMatchObject({ ok: true });
  const made = (await options.evaluate(
    (url) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: 1 } }),
    site.url('/findings'),
  )) as { ok: boolean; value: { id: number } };
  expect(made.ok).toBe(true);
  const tabId = await options.evaluate(async (url) => (await browser.tabs.query({})).find((t) => t.url === url)?.id, site.url('/findings'));
  expect(tabId).toBeTypeOf('number');
  await options.close();
  view = await ext.openPage(`/report.html?id=${made.value.id}&tab=${tabId}`);
  await view.waitForSelector(`main.report[data-state="ready"] ${check} .check__on-page button`);
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('"Show on page", finding by finding', { timeout: 60_000 }, () => {
  it('offers no steps before the outline is on', async () => {
    expect(await view.$(`${check} .check__findings`)).toBeNull();
  });

  it('steps forward with "Next finding" and the . key: the tab scrolls to each finding and focuses it', async () => {
    await view.$eval(`${check} .check__on-page button`, (button) => (button as HTMLButtonElement).click());
    await view.waitForSelector(`${check} .check__findings`);
    expect(await position()).toBe('');
    expect(await tab.$$eval('[data-site-report-outline]', (els) => els.map((el) => el.id))).toEqual(['old-1', 'old-2', 'old-3', 'old-4']);

    await view.$eval(`${check} [data-finding-step="next"]`, (button) => (button as HTMLButtonElement).click());
    await waitUntil('"Finding 1 of 4"', async () => (await position()) === 'Finding 1 of 4');
    const first = await inTab();
    expect(first).toMatchObject({ focused: 'old-1', inView: true });
    expect(first.badge).toMatch(/: 4 outlined · Finding 1 of 4$/);

    await stepTo('.', 'Finding 2 of 4');
    const second = await inTab();
    expect(second).toMatchObject({ focused: 'old-2', inView: true, badge: first.badge.replace('1 of 4', '2 of 4') });
    expect(second.scrollY).toBeGreaterThan(first.scrollY + 1000);
    expect(await tab.$eval('#old-2', (el) => el.getAttribute('tabindex'))).toBe('-1');
    // The finding before has its own focus behaviour back.
    expect(await tab.$eval('#old-1', (el) => el.getAttribute('tabindex'))).toBeNull();
  });

  it('steps back with "Previous finding" and the , key, going round at the first', async () => {
    await stepTo(',', 'Finding 1 of 4');
    expect(await inTab()).toMatchObject({ focused: 'old-1', inView: true });
    await stepTo(',', 'Finding 4 of 4');
    const last = await inTab();
    expect(last).toMatchObject({ focused: 'old-4', inView: true });
    expect(last.badge).toMatch(/ · Finding 4 of 4$/);
    await stepTo('.', 'Finding 1 of 4');
  });

  it('counts every press of quick presses: the page catches up with the keys', async () => {
    await view.keyboard.press('.');
    await view.keyboard.press('.');
    await view.keyboard.press('.');
    await waitUntil('"Finding 4 of 4"', async () => (await position()) === 'Finding 4 of 4');
    await waitUntil('the fourth finding focused', async () => (await inTab()).focused === 'old-4');
    expect((await inTab()).badge).toMatch(/ · Finding 4 of 4$/);
  });

  it('lists . and , in the keyboard help', async () => {
    await view.keyboard.press('?');
    const dialog = await view.waitForSelector('dialog[open]');
    const text = await dialog!.evaluate((d) => d.textContent ?? '');
    expect(text).toContain('Next finding on the page');
    expect(text).toContain('Previous finding on the page');
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });
  });

  it('leaves the page as it was when the outline is cleared', async () => {
    await view.$eval(`${check} .check__on-page button`, (button) => (button as HTMLButtonElement).click());
    await view.waitForSelector(`${check} .check__findings`, { hidden: true });
    expect(await tab.$$('[data-site-report-outline], [data-site-report-current], [tabindex], [data-site-report-count]')).toHaveLength(0);
  });
});
