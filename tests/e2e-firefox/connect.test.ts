/**
 * Connecting the extension in Firefox: the production Firefox build, the options page driven
 * by the same page object as in Chromium, Firefox's own permission prompt answered as a user
 * does, against the local report service. One browser for the file; the tests build on each other.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { serveHtmlEverywhere, type StandIn } from '../e2e/support/stand-ins.ts';
import { screenshotsDir } from '../e2e/support/paths.ts';
import { measure } from '../e2e/support/timings.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox connect.test.ts');
const KEY = 'e2e-firefox-connect-3b9d27c41f';
const ACCOUNT = { name: 'Grace Hopper', email: 'grace@example.com', apiKey: KEY, planName: 'Agency', reportsPerMonth: 1000 };
const SAVED_KEY = `A key ending in ••••${KEY.slice(-4)} is saved. Leave the field empty to keep it.`;

let service: RunningService;
let htmlSite: StandIn;
let ext: FirefoxExtension;
let options: OptionsPage;

beforeAll(async () => {
  service = await startReportService({ accounts: [ACCOUNT] });
  htmlSite = await serveHtmlEverywhere();
  ext = await measure('firefox: launch + install', () => launchFirefoxExtension());
  options = await OptionsPage.open(ext);
});

afterAll(async () => {
  await ext?.close();
  await htmlSite?.close();
  await service?.close();
  await fileTiming.done();
});

async function keptConnection() {
  await options.reload();
  await options.waitForLoaded();
  return { address: await options.addressValue(), key: await options.keyStatus(), account: await options.account() };
}

describe('connecting on the options page', () => {
  it('says why Firefox will ask, Firefox asks for the service only, and the account shows', async () => {
    expect(await options.keyStatus()).toBe('No key is saved.');
    await options.fillConnection({ baseUrl: service.baseUrl, apiKey: KEY });
    expect(await options.permissionReason()).toBe(
      `The browser will ask you to let the extension reach ${new URL(service.baseUrl).host}. It needs this to send your requests to your service, and asks for nothing else.`,
    );
    expect(await options.keyFieldType()).toBe('password');
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(false);

    const outcome = await measure('firefox options: Save → prompt answered → account shown', () => options.connect(ext, {}, 'grant'));
    expect(outcome).toEqual({ ok: true, message: `Connected to ${new URL(service.baseUrl).host}.`, addressError: null, keyError: null });
    // Firefox names the one site asked for (any port: Firefox's match patterns cannot name one).
    expect(ext.prompts.at(-1)).toMatchObject({ heading: `${ext.name} requests additional settings`, answer: 'grant' });
    expect(ext.prompts.at(-1)?.permissions).toContain('Access your data for sites in 127.0.0.1 domains');
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    expect(await options.account()).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', plan: 'Agency', quota: '1000 reports a month' });
    expect(await options.page.$eval('#api-key', (input) => (input as HTMLInputElement).value)).toBe('');
    expect(await options.keyStatus()).toBe(SAVED_KEY);
    expect(await options.page.content()).not.toContain(KEY);
  });

  it('keeps the connection across a reload', async () => {
    expect(await keptConnection()).toEqual({
      address: service.baseUrl,
      key: SAVED_KEY,
      account: { name: 'Grace Hopper', email: 'grace@example.com', plan: 'Agency', quota: '1000 reports a month' },
    });
    await ext.screenshot(options.page, 'options-connected');
  });
});

describe('a connection that fails keeps the one that works', () => {
  it('Firefox refused: nothing is saved, and the page says why', async () => {
    const localhost = service.baseUrl.replace('127.0.0.1', 'localhost');
    const outcome = await options.connect(ext, { baseUrl: localhost, apiKey: KEY }, 'deny');
    expect(ext.prompts.at(-1)?.permissions).toContain('Access your data for sites in localhost domains');
    expect(outcome).toMatchObject({
      ok: false,
      message: `The browser did not let the extension reach ${new URL(localhost).host}, so nothing was saved. Without it the extension cannot send your requests to your service. Save again and choose Allow.`,
    });
    expect(await ext.hasHostPermission(localhost)).toBe(false);
    expect((await keptConnection()).address).toBe(service.baseUrl);
  });

  it.each([
    {
      case: 'a wrong key',
      fields: () => ({ baseUrl: service.baseUrl, apiKey: 'not-the-right-key-123' }),
      where: 'keyError' as const,
      says: /^The service refused the API key\. Check the key/,
    },
    {
      case: 'an address that serves web pages',
      fields: () => ({ baseUrl: htmlSite.origin, apiKey: KEY }),
      where: 'message' as const,
      says: /^This address does not look like the report service's API: it answered with a web page instead of data\./,
    },
  ])('$case: its own message, and the saved connection stays', async ({ fields, where, says }) => {
    // Both addresses are on 127.0.0.1, which Firefox already allows: no prompt this time.
    const outcome = await options.connect(ext, fields());
    expect(outcome.ok).toBe(false);
    expect(outcome[where], JSON.stringify(outcome)).toMatch(says);
    expect(await keptConnection()).toMatchObject({ address: service.baseUrl, key: SAVED_KEY, account: { email: 'grace@example.com' } });
  });
});

describe('Firefox for Android', () => {
  it('lays the options page out at phone width, with nothing wider than the screen', async () => {
    await options.page.setViewport({ width: 400, height: 860 });
    try {
      await options.reload();
      await options.waitForLoaded();
      await options.account();
      const widest = await options.page.evaluate(() => ({
        // Desktop Firefox keeps a scrollbar's width of the 400 px; Android's scrollbars float over the page.
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        offenders: [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
          .slice(0, 5),
      }));
      expect(widest).toEqual({ overflow: 0, offenders: [] });
      await mkdir(screenshotsDir, { recursive: true });
      await options.page.screenshot({ path: join(screenshotsDir, 'firefox-options-phone-400px.png'), fullPage: true });
    } finally {
      await options.page.setViewport(null);
    }
  });
});
