/**
 * Sync without secrets, in Chromium on the production build: turned on in the options page, the
 * account's sync area holds the services and the privacy and never a key; a copy written there as
 * another browser of the account would brings its service into the options, its key to be typed.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { sendFrom } from './support/pages/settings-file.ts';
import { axeViolations, describeViolations } from './support/axe.ts';

declare const chrome: { storage: { sync: { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void> } } };

const KEY = 'e2e-settings-sync-key-71c3aa';
const CLIENT = 'https://reports.client-b.example';

let service: RunningService;
let ext: ExtensionBrowser;
let options: Page;

const send = <T>(type: string, payload: object) => sendFrom<T>(options, type, payload);
/** The whole sync area, read in the extension's own worker. */
const syncArea = async () => (await ext.worker()).evaluate(() => chrome.storage.sync.get(null));
/** Writes the sync area as another browser of the account would (its change reaches this one's worker alike). */
const writeAsOtherBrowser = async (copy: object) => (await ext.worker()).evaluate((value) => chrome.storage.sync.set({ settingsCopy: value }), copy);

async function syncCard(): Promise<void> {
  await options.waitForSelector('section.settings-sync[data-state="ready"]', { timeout: 10_000 });
}
const cardText = () => options.$eval('section.settings-sync', (node) => node.textContent ?? '');
/**
 * The sync card as it is passes axe's WCAG A and AA rules, in light and dark. Axe runs on the whole page;
 * only what it finds inside the card counts here (tests/e2e/accessibility.test.ts checks the page).
 */
async function expectCardAccessible(state: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await options.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    const inCard = async (target: string) =>
      options.evaluate((selector) => Boolean(document.querySelector(selector)?.closest('section.settings-sync')), target);
    const violations = [];
    for (const violation of await axeViolations(options)) {
      const nodes = [];
      for (const node of violation.nodes) if (await inCard(node.target)) nodes.push(node);
      if (nodes.length > 0) violations.push({ ...violation, nodes });
    }
    expect.soft(violations, `${state} (${scheme}):\n${describeViolations(violations)}`).toEqual([]);
  }
  await options.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
}
const toggleChecked = () => options.$eval('#settings-sync-toggle', (node) => (node as HTMLInputElement).checked);

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  options = (await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY)).page;
  await send('savePreferences', { defaultPrivacy: 0 });
  await options.reload();
  await options.waitForSelector('main.options[data-state="ready"]');
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
});

describe('sync without secrets', () => {
  it('is off at first, says keys never travel, and has written nothing to sync', async () => {
    await syncCard();
    expect(await toggleChecked()).toBe(false);
    expect(await cardText()).toContain('API keys are never synced: a second browser asks for the key.');
    // Not even the preferences saved above: they stay in this browser.
    expect(await syncArea()).toEqual({});
  });

  it('turned on, keeps the services and the privacy in sync, without the key', async () => {
    await options.click('#settings-sync-toggle');
    await options.waitForFunction(() => (document.querySelector('#settings-sync-toggle') as HTMLInputElement | null)?.checked === true, {
      timeout: 10_000,
    });
    const area = await syncArea();
    expect(JSON.stringify(area)).not.toContain(KEY);
    const { defaultId } = await send<{ defaultId: string }>('getServices', {});
    expect(area.settingsCopy).toEqual({
      format: 'site-report-sync',
      version: 1,
      writtenAt: expect.any(Number),
      preferences: { defaultPrivacy: 0 },
      services: [{ id: defaultId, name: new URL(service.baseUrl).host, baseUrl: service.baseUrl, keyForSessionOnly: false }],
      defaultId,
    });
    expect(await cardText()).toMatch(/Copied to sync (just now|\d+ seconds? ago)\./);
  });

  it('a copy from another browser brings its service, shown as needing its key', async () => {
    const copy = (await syncArea()).settingsCopy as { services: object[]; writtenAt: number };
    await writeAsOtherBrowser({
      ...copy,
      writtenAt: Date.now() + 60_000,
      preferences: { defaultPrivacy: 2 },
      services: [...copy.services, { id: 'other-browser-client', name: 'Client B', baseUrl: CLIENT, keyForSessionOnly: false }],
    });
    await options.waitForFunction(() => document.querySelector('#services')?.textContent?.includes('Client B'), { timeout: 10_000 });
    await options.waitForFunction(
      () => document.querySelector('section.settings-sync')?.textContent?.includes('API key needed for Client B: type it in Services.'),
      { timeout: 10_000 },
    );
    const services = await send<{ services: { name: string; baseUrl: string; keySet: boolean }[] }>('getServices', {});
    expect(services.services.map(({ name, baseUrl, keySet }) => ({ name, baseUrl, keySet }))).toEqual([
      { name: new URL(service.baseUrl).host, baseUrl: service.baseUrl, keySet: true },
      { name: 'Client B', baseUrl: CLIENT, keySet: false },
    ]);
    // The newer copy's privacy is taken; the key this browser holds never reaches sync.
    expect((await send<{ preferences: { defaultPrivacy: number } }>('getSettings', {})).preferences.defaultPrivacy).toBe(2);
    expect(JSON.stringify(await syncArea())).not.toContain(KEY);
    await expectCardAccessible('sync on, a key needed');
  });

  it('a copy that is not valid is ignored, and the options say so', async () => {
    const before = await send<object>('getServices', {});
    await writeAsOtherBrowser({ format: 'site-report-sync', version: 1, writtenAt: Date.now(), services: 'nope' });
    await options.waitForFunction(
      () => document.querySelector('section.settings-sync')?.textContent?.includes('The settings in sync are not valid, so they were ignored'),
      { timeout: 10_000 },
    );
    expect(await send<object>('getServices', {})).toEqual(before);
  });

  it('turned on again with a copy there, asks which settings to keep', async () => {
    await options.click('#settings-sync-toggle');
    await options.waitForFunction(() => (document.querySelector('#settings-sync-toggle') as HTMLInputElement | null)?.checked === false, {
      timeout: 10_000,
    });
    await writeAsOtherBrowser({
      format: 'site-report-sync',
      version: 1,
      writtenAt: Date.now(),
      preferences: { defaultPrivacy: 1 },
      services: [{ id: 'third-browser', name: 'Client C', baseUrl: 'https://reports.client-c.example', keyForSessionOnly: false }],
      defaultId: 'third-browser',
    });
    await options.click('#settings-sync-toggle');
    await options.waitForSelector('#settings-sync-use', { timeout: 10_000 });
    expect(await toggleChecked()).toBe(false);
    expect(await cardText()).toContain('Your browser account’s sync already holds settings');
    await expectCardAccessible('sync asking which settings to keep');
    await options.click('#settings-sync-use');
    await options.waitForFunction(() => (document.querySelector('#settings-sync-toggle') as HTMLInputElement | null)?.checked === true, {
      timeout: 10_000,
    });
    const { services, defaultId } = await send<{ services: { id: string; name: string }[]; defaultId: string }>('getServices', {});
    expect(services.map((s) => s.name)).toContain('Client C');
    expect(defaultId).toBe('third-browser');
    const area = await syncArea();
    expect(JSON.stringify(area)).not.toContain(KEY);
    expect((area.settingsCopy as { services: unknown[] }).services).toHaveLength(3);
  });

  it('a copy from another browser that removed a service removes it here, with the options', async () => {
    const copy = (await syncArea()).settingsCopy as { services: { id: string }[] };
    await writeAsOtherBrowser({
      ...copy,
      // Later than the copy that brought the service: it was not changed here since.
      writtenAt: Date.now() + 120_000,
      services: copy.services.filter((entry) => entry.id !== 'other-browser-client'),
      removed: [{ id: 'other-browser-client', baseUrl: CLIENT, removedAt: Date.now() + 120_000 }],
    });
    await options.waitForFunction(() => !document.querySelector('#services')?.textContent?.includes('Client B'), { timeout: 10_000 });
    const { services } = await send<{ services: { name: string }[] }>('getServices', {});
    expect(services.map((entry) => entry.name)).toEqual([new URL(service.baseUrl).host, 'Client C']);
  });

  it('a service removed here is named as removed in the copy, for the account’s other browsers', async () => {
    await send('removeService', { id: 'third-browser' });
    await options.waitForFunction(() => !document.querySelector('#services')?.textContent?.includes('Client C'), { timeout: 10_000 });
    const removedIds = async () => (((await syncArea()).settingsCopy as { removed?: { id: string }[] }).removed ?? []).map((entry) => entry.id);
    for (let tries = 0; tries < 40 && !(await removedIds()).includes('third-browser'); tries += 1) await new Promise((done) => setTimeout(done, 250));
    expect(await removedIds()).toContain('third-browser');
    const area = await syncArea();
    expect(JSON.stringify(area)).not.toContain(KEY);
    expect((area.settingsCopy as { services: { id: string }[] }).services.map((entry) => entry.id)).not.toContain('third-browser');
  });
});
