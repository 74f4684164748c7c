/**
 * The popup and the report view in Firefox against axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules,
 * in light and dark, as in Chromium (tests/e2e/accessibility.test.ts): the production Firefox build,
 * the local report service. axe-core's source is evaluated in the page over WebDriver BiDi.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { axeViolations, describeViolations } from '../e2e/support/axe.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox accessibility.test.ts');
const KEY = 'e2e-firefox-a11y-key-2b7d90c4e1';
const HOUR = 3_600_000;

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: 500 }] });
  site = await startPageServer({ '/': { body: pageHtml({ title: 'Walking shoes' }) } });
  ext = await launchFirefoxExtension();
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

/** Firefox's own setting for the colour scheme pages see: 0 dark, 1 light (puppeteer cannot emulate it over BiDi). */
const SCHEME_PREF = 'layout.css.prefers-color-scheme.content-override';

async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await ext.chrome.run((c, name, value) => c.Services.prefs.setIntPref(name, value), SCHEME_PREF, scheme === 'dark' ? 0 : 1);
    await page.waitForFunction((dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark, { timeout: 5_000 }, scheme === 'dark');
    const violations = await axeViolations(page);
    expect.soft(violations, `${screen} (${scheme}):\n${describeViolations(violations)}`).toEqual([]);
  }
  await ext.chrome.run((c, name) => c.Services.prefs.clearUserPref(name), SCHEME_PREF);
}

describe('in Firefox', () => {
  const pageUrl = () => site.url('/').replace('//127.0.0.1:', '//localhost:');

  it('the popup, not connected, then ready with the reports of the page', async () => {
    const tab = await ext.newTab(pageUrl());
    const popup = await PopupPage.openOn(ext, tab);
    await popup.page.waitForSelector('[data-need="connect"]');
    await expectAccessible(popup.page, 'popup not connected');
    await popup.close();

    const options = await OptionsPage.open(ext);
    expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
    await options.close();
    service.seedReports(KEY, [
      { url: pageUrl(), score: 88, generatedAt: new Date(Date.now() - 20 * 24 * HOUR).toISOString() },
      { url: pageUrl(), score: 61, generatedAt: new Date(Date.now() - HOUR).toISOString() },
    ]);
    const ready = await PopupPage.openOn(ext, tab);
    await ready.waitForReady();
    await expectAccessible(ready.page, 'popup ready');
    await ready.close();
  });

  it('the report view, and with its delete dialog open', async () => {
    const [latest] = service.seedReports(KEY, [{ url: 'https://shop.example.com/shoes', score: 57 }]);
    const view = await ext.openPage(`/report.html?id=${latest!.id}`);
    await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    await expectAccessible(view, 'report view');
    await (await view.$('.report__buttons .button--danger'))!.click();
    await view.waitForSelector('dialog[open]');
    await expectAccessible(view, 'report view, delete dialog');
    await view.close();
  });
});
