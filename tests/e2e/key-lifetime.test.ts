/**
 * A key that need not outlive the browser: with "Forget the key when the browser closes"
 * ticked, a restart of Chromium on the same profile leaves the address and the preferences
 * and takes the key, and the popup asks for it again. Production build, headless.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage } from './support/pages/popup.ts';
import { serveTestPages, type TestPages } from './support/test-pages.ts';

const fileTiming = timeFile('key-lifetime.test.ts');
const KEY = 'e2e-session-key-0123456789';

let keep: string;
let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;

beforeAll(async () => {
  keep = await mkdtemp(join(tmpdir(), 'site-report-key-'));
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/': '<!doctype html><title>A page</title><h1>A page</h1>' });
  ext = await launchExtensionBrowser({ keepDir: keep });
  await ext.preapproveHostPermission(service.baseUrl);
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await rm(keep, { recursive: true, force: true });
  await fileTiming.done();
});

describe('a key kept until the browser closes', { timeout: 90_000 }, () => {
  it('is gone after a restart, while the address and preferences stay, and the popup asks for it again', async () => {
    let options = await OptionsPage.open(ext);
    expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
    // The default privacy, not the pasted list's own choice further up the page.
    await options.page.locator('#preferences ::-p-aria([name="Public"][role="radio"])').click();
    await options.keepKeyForSessionOnly(true);
    expect(await options.keyStatus()).toBe(`A key ending in ••••${KEY.slice(-4)} is saved. Leave the field empty to keep it.`);

    await ext.close();
    ext = await launchExtensionBrowser({ keepDir: keep });
    options = await OptionsPage.open(ext);
    expect(await options.addressValue()).toBe(service.baseUrl);
    expect(await options.keyStatus()).toBe('No key is saved.');
    expect(await options.keyForSessionOnly()).toBe(true);
    expect(await options.page.$eval('input[name="default-privacy"]:checked', (input) => input.closest('label')?.textContent?.trim())).toBe('Public');

    const popup = await PopupPage.openOn(ext, await ext.newTab(site.url('/')));
    await popup.page.waitForSelector('[data-need="connect"]');
    expect(await popup.textOf('[data-need="connect"] h2')).toBe('Enter your API key again');
    await popup.close();
  });
});
