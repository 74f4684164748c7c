/**
 * A key that need not outlive the browser: with "Forget the key when the browser closes"
 * ticked, a restart of Chromium on the same profile leaves the address and the preferences
 * and takes the key, and the popup asks for it again; ticked before the first save, the key
 * never reaches a file of the profile. Production build, headless.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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

/** Every file under `dir` whose bytes hold `secret`, as UTF-8 or as UTF-16, and how much was searched. */
async function search(dir: string, secret: string): Promise<{ found: string[]; files: number; bytes: number }> {
  const forms = [Buffer.from(secret, 'utf8'), Buffer.from(secret, 'utf16le')];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  let files = 0;
  let bytes = 0;
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const content = await readFile(path).catch(() => null);
    if (!content) continue;
    files++;
    bytes += content.length;
    if (forms.some((form) => content.includes(form))) found.push(path.slice(dir.length + 1));
  }
  return { found, files, bytes };
}

describe('a key kept until the browser closes', { timeout: 90_000 }, () => {
  it('is gone after a restart, while the address and preferences stay, and the popup asks for it again', async () => {
    let options = await OptionsPage.open(ext);
    expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY })).toMatchObject({ ok: true });
    // The default privacy, not the pasted list's own choice further up the page.
    await options.page.locator('#preferences ::-p-aria([name="Public"][role="radio"])').click();
    await options.keepKeyForSessionOnly(true);
    // The copy written before the switch may linger in the browser's files: the user is told, and told the sure way.
    await options.waitForText('may still hold the earlier copy for a while: to be sure, make a new key at your service', 'form.connection');
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

describe('a key meant for memory only, chosen before the first save', { timeout: 90_000 }, () => {
  it('is never written to a file of the browser profile, while the box stays ticked and the popup reports', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'site-report-key-first-'));
    const key = 'e2e-first-save-key-ZQ7xW41k';
    const firstService = await startReportService({ accounts: [{ name: 'Bo', email: 'bo@example.com', apiKey: key }] });
    let browser: ExtensionBrowser | null = await launchExtensionBrowser({ keepDir: fresh });
    try {
      await browser.preapproveHostPermission(firstService.baseUrl);
      const options = await OptionsPage.open(browser);
      await options.page.locator('::-p-aria([name="Forget the key when the browser closes"][role="checkbox"])').click();
      expect(await options.keyForSessionOnly()).toBe(true);
      expect(await options.connect(browser, { baseUrl: firstService.baseUrl, apiKey: key })).toMatchObject({ ok: true });
      expect(await options.keyForSessionOnly()).toBe(true);
      expect(await options.keyStatus()).toBe(`A key ending in ••••${key.slice(-4)} is saved. Leave the field empty to keep it.`);

      const popup = await PopupPage.openOn(browser, await browser.newTab(site.url('/')));
      expect(await popup.createReport({ privacy: 'public' })).toBe('done');
      await popup.close();
      expect(firstService.requestLog.some((r) => r.method === 'POST' && r.path.startsWith('/api/v1/reports'))).toBe(true);

      // Closed, so that everything the browser meant to write is written.
      await browser.close();
      browser = null;
      const profile = join(fresh, 'profile');
      // The search reads the extension's storage files: the address, kept in local storage, is found there.
      expect((await search(profile, firstService.baseUrl)).found.some((path) => path.includes('Local Extension Settings'))).toBe(true);
      const searched = await search(profile, key);
      console.log(
        `The key searched for in ${searched.files} files of the profile (${(searched.bytes / 1e6).toFixed(1)} MB): found in ${searched.found.length}`,
      );
      expect(searched.found).toEqual([]);
    } finally {
      await browser?.close();
      await firstService.close();
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
