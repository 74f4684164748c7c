/**
 * Connecting the extension on its options page: the production build in a headed
 * Chromium (a private Xvfb), so the browser's own permission prompt shows and is
 * answered with the keyboard, against the local report service. One browser for the
 * file; the tests run in order, from a fresh install to a connection that failures
 * cannot undo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { closedAddress, serveHtmlEverywhere, type StandIn } from './support/stand-ins.ts';
import { screenshotBothThemes } from './support/themes.ts';
import { measure } from './support/timings.ts';

const fileTiming = timeFile('connect.test.ts');
const KEY = 'e2e-connect-key-8d41b07c3a';
const ACCOUNT = { name: 'Grace Hopper', email: 'grace@example.com', apiKey: KEY, planName: 'Agency', reportsPerMonth: 1000 };
const NO_API_KEY = 'e2e-connect-no-api-plan-77';

let service: RunningService;
let ext: ExtensionBrowser;
let options: OptionsPage;
let htmlSite: StandIn;
let stopped: string;

beforeAll(async () => {
  service = await startReportService({
    accounts: [ACCOUNT, { name: 'Free Tier', email: 'free@example.com', apiKey: NO_API_KEY, apiAccess: false }],
  });
  htmlSite = await serveHtmlEverywhere();
  stopped = await closedAddress();
  ext = await launchExtensionBrowser({ headed: true });
  options = await OptionsPage.open(ext);
});

afterAll(async () => {
  await ext?.close();
  await htmlSite?.close();
  await service?.close();
  await fileTiming.done();
});

/** What the options page shows of the kept connection after a reload: the proof nothing was half-saved. */
async function keptConnection() {
  await options.page.reload();
  await options.waitForLoaded();
  return { address: await options.addressValue(), key: await options.keyStatus(), account: await options.account() };
}

describe('connecting on the options page', () => {
  it('says why it will ask, asks the browser for the service only, and shows the account', async () => {
    expect(await options.page.$('section.account')).toBeNull();
    expect(await options.keyStatus()).toBe('No key is saved.');
    await options.fillConnection({ baseUrl: service.baseUrl, apiKey: KEY });
    // Before the prompt, the page says what it is for.
    expect(await options.permissionReason()).toBe(
      `The browser will ask you to let the extension reach ${new URL(service.baseUrl).host}. It needs this to send your requests to your service, and asks for nothing else.`,
    );
    // The key is masked until the user asks to see it.
    expect(await options.keyFieldType()).toBe('password');
    await options.toggleKey('Show API key');
    expect(await options.keyFieldType()).toBe('text');
    await options.toggleKey('Hide API key');
    expect(await options.keyFieldType()).toBe('password');

    expect(await ext.hasHostPermission(service.baseUrl)).toBe(false);
    const outcome = await measure('options: Save → prompt answered → account shown', () => options.connect(ext, {}, 'grant'));
    expect(outcome).toEqual({ ok: true, message: `Connected to ${new URL(service.baseUrl).host}.`, addressError: null, keyError: null });
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    expect(await options.account()).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', plan: 'Agency', quota: '1000 reports a month' });
    // The key is never shown back: the field is emptied, and only its last four characters are told.
    expect(await options.page.$eval('#api-key', (input) => (input as HTMLInputElement).value)).toBe('');
    expect(await options.keyStatus()).toBe(`A key ending in ••••${KEY.slice(-4)} is saved. Leave the field empty to keep it.`);
    expect(await options.page.content()).not.toContain(KEY);
    expect(service.requestLog.filter((r) => r.path === '/api/v1/account')).toHaveLength(1);
  });

  it('keeps the connection across a reload, and shows it in light and dark', async () => {
    expect(await keptConnection()).toEqual({
      address: service.baseUrl,
      key: `A key ending in ••••${KEY.slice(-4)} is saved. Leave the field empty to keep it.`,
      account: { name: 'Grace Hopper', email: 'grace@example.com', plan: 'Agency', quota: '1000 reports a month' },
    });
    await screenshotBothThemes(ext, options, 'options-connected');
  });
});

describe('a connection that fails keeps the one that works', () => {
  const messages = new Map<string, string>();
  afterAll(() => {
    // Every failure in words of its own.
    expect(new Set(messages.values()).size).toBe(messages.size);
  });

  it('the browser refused: nothing is saved, and the page says why', async () => {
    // Another host than the one allowed: the browser asks again, and the user says no.
    const localhost = service.baseUrl.replace('127.0.0.1', 'localhost');
    const outcome = await options.connect(ext, { baseUrl: localhost, apiKey: KEY }, 'deny');
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toBe(
      `The browser did not let the extension reach ${new URL(localhost).host}, so nothing was saved. Without it the extension cannot send your requests to your service. Save again and choose Allow.`,
    );
    expect(await ext.hasHostPermission(localhost)).toBe(false);
    messages.set('refused', outcome.message!);
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
      case: 'a plan without API access',
      fields: () => ({ baseUrl: service.baseUrl, apiKey: NO_API_KEY }),
      where: 'message' as const,
      says: /^Your plan on the report service does not include API access\./,
    },
    {
      case: 'an address that serves web pages',
      fields: () => ({ baseUrl: htmlSite.origin, apiKey: KEY }),
      where: 'message' as const,
      says: /^This address does not look like the report service's API: it answered with a web page instead of data\./,
    },
    {
      case: 'a stopped service',
      fields: () => ({ baseUrl: stopped, apiKey: KEY }),
      where: 'message' as const,
      says: /^Could not reach the report service\. It may be down/,
    },
    {
      case: 'plain http to another computer',
      fields: () => ({ baseUrl: 'http://reports.example.com' }),
      where: 'addressError' as const,
      says: /^This address starts with http:\/\/, so your API key would travel in clear text\./,
    },
    {
      case: 'something that is no address',
      fields: () => ({ baseUrl: 'reports example com' }),
      where: 'addressError' as const,
      says: /^This is not a web address\./,
    },
  ])('$case: its own message, and the saved connection stays', async ({ case: name, fields, where, says }) => {
    const outcome = await options.connect(ext, fields());
    expect(outcome.ok).toBe(false);
    const shown = outcome[where];
    expect(shown, JSON.stringify(outcome)).toMatch(says);
    // Placed in one spot only: beside the field at fault, or above Save.
    const others = (['message', 'addressError', 'keyError'] as const).filter((k) => k !== where).map((k) => outcome[k]);
    expect(others).toEqual([null, null]);
    messages.set(name, shown!);

    expect(await keptConnection()).toMatchObject({
      address: service.baseUrl,
      key: `A key ending in ••••${KEY.slice(-4)} is saved. Leave the field empty to keep it.`,
      account: { email: 'grace@example.com' },
    });
  });
});

describe('the saved key stays with its address', () => {
  it('another address with the key field empty: the key is asked for again, with why, and nothing is sent there', async () => {
    const localhost = service.baseUrl.replace('127.0.0.1', 'localhost');
    const newHost = new URL(localhost).host;
    const since = Date.now();
    const outcome = await options.connect(ext, { baseUrl: localhost });
    expect(outcome).toMatchObject({ ok: false, message: null, addressError: null });
    expect(outcome.keyError).toBe(
      `Enter the API key for ${newHost}. The saved key is only ever sent to ${new URL(service.baseUrl).host}, the address it was saved for.`,
    );
    // The options page's own reads may still reach the saved address; none went to the new one.
    const toNewAddress = service.requestLog.filter((r) => r.at >= since && r.host === newHost);
    expect(toNewAddress).toEqual([]);
    expect(await keptConnection()).toMatchObject({ address: service.baseUrl, account: { email: 'grace@example.com' } });
  });
});

describe('forgetting the key', () => {
  it('drops the key and the account, keeps the address', async () => {
    await options.forgetKey();
    expect(await options.keyStatus()).toBe('No key is saved.');
    expect(await options.page.$('section.account')).toBeNull();
    await options.page.reload();
    await options.waitForLoaded();
    expect(await options.addressValue()).toBe(service.baseUrl);
    expect(await options.keyStatus()).toBe('No key is saved.');
  });
});
