/**
 * Sync without secrets in Firefox, against the local report service: turned on in the options page,
 * Firefox's sync area holds the service and the privacy and never the key; a copy written there as
 * another browser of the account would brings its service into the options, its key to be typed.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { sendFrom } from '../e2e/support/pages/settings-file.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

declare const browser: { storage: { sync: { get(keys: null): Promise<Record<string, unknown>>; set(items: object): Promise<void> } } };

const KEY = 'e2e-firefox-sync-key-5d90c2';
const CLIENT = 'https://reports.client-b.example';

let service: RunningService;
let ext: FirefoxExtension;
let options: Page;

const send = <T>(type: string, payload: object) => sendFrom<T>(options, type, payload);
/** The whole sync area, read from the options page (an extension page, as trusted as the background). */
const syncArea = () => options.evaluate(() => browser.storage.sync.get(null));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  ext = await launchFirefoxExtension();
  options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
});

describe('sync without secrets in Firefox', () => {
  it('turned on, keeps the service in sync without its key, and merges another browser’s copy', async () => {
    await options.waitForSelector('section.settings-sync[data-state="ready"]', { timeout: 10_000 });
    const toggle = await options.waitForSelector('#settings-sync-toggle');
    await toggle!.click();
    await options.waitForFunction(() => (document.querySelector('#settings-sync-toggle') as HTMLInputElement | null)?.checked === true, {
      timeout: 10_000,
    });
    const area = await syncArea();
    expect(JSON.stringify(area)).not.toContain(KEY);
    const copy = area.settingsCopy as { services: { baseUrl: string }[]; writtenAt: number };
    expect(copy).toMatchObject({ format: 'site-report-sync', version: 1, services: [{ baseUrl: service.baseUrl }] });

    await options.evaluate((value) => browser.storage.sync.set({ settingsCopy: value }), {
      ...copy,
      writtenAt: Date.now() + 60_000,
      services: [...copy.services, { id: 'other-browser-client', name: 'Client B', baseUrl: CLIENT, keyForSessionOnly: false }],
    });
    await options.waitForFunction(
      () => document.querySelector('section.settings-sync')?.textContent?.includes('API key needed for Client B: type it in Services.'),
      { timeout: 10_000 },
    );
    const { services } = await send<{ services: { name: string; keySet: boolean }[] }>('getServices', {});
    expect(services.map(({ name, keySet }) => ({ name, keySet }))).toEqual([
      { name: new URL(service.baseUrl).host, keySet: true },
      { name: 'Client B', keySet: false },
    ]);
    expect(JSON.stringify(await syncArea())).not.toContain(KEY);
  });
});
