/**
 * Settings in a file, in Chromium on the production build against the local report service: the
 * options page exports them (keys only when ticked, after a warning), settings are changed, and
 * importing the file says what it would change, then restores them on Apply. Bad files are
 * refused with the reason, and a file with one invalid part still applies the others. The file
 * carries both services: one removed comes back on import, its key to be typed again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { sendFrom, SettingsFileCard } from './support/pages/settings-file.ts';
import { waitUntil } from './support/stand-ins.ts';

const KEY = 'e2e-settings-file-key-4c19d7';
const CLIENT_KEY = 'e2e-settings-file-client-key-8e21a0';

let service: RunningService;
/** A second service, a client's. */
let clientService: RunningService;
let ext: ExtensionBrowser;
let options: Page;
let card: SettingsFileCard;
let scratch: string;
let downloads: string;

const send = <T>(type: string, payload: object) => sendFrom<T>(options, type, payload);

async function downloaded(name: string): Promise<string> {
  const path = join(downloads, name);
  await waitUntil(name, async () => existsSync(path) && !(await readdir(downloads)).some((f) => f.endsWith('.crdownload')));
  return readFile(path, 'utf8');
}

async function reopen(): Promise<void> {
  await options.reload();
  await options.waitForSelector('main.options[data-state="ready"]');
  card = new SettingsFileCard(options);
  await card.waitForCard();
}

const limits = (minScore: number) => ({ minScore, noHighFailed: false, categories: [], checks: [] });
const WATCHED = ['https://shop.example.test/', 'https://shop.example.test/cart'];

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  clientService = await startReportService({ accounts: [{ name: 'Grace Hopper', email: 'grace@example.com', apiKey: CLIENT_KEY }] });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  await ext.grantHostPermission(clientService.baseUrl);
  scratch = await mkdtemp(join(tmpdir(), 'site-report-settings-'));
  downloads = join(scratch, 'downloads');
  const session = await ext.browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  options = (await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY)).page;
  await send('savePreferences', { defaultPrivacy: 0 });
  await send('saveSiteLimits', { project: 'shop.example.test', limits: limits(80) });
  await send('addWatches', { pages: WATCHED.map((url) => ({ url })), every: 'weekly', hour: 9, offsetMinutes: 0 });
  await send('saveAgency', { agency: { name: 'Acme Agency', logo: null } });
  await send('saveService', { name: 'Client A', baseUrl: clientService.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: false });
  await reopen();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await clientService?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

let plainFile: string;

describe('export', () => {
  it('saves one file without the key by default, named by its day', async () => {
    expect(await card.exportWarnings()).toEqual([]);
    const name = await card.exportFile();
    expect(name).toMatch(/^site-report-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await downloaded(name);
    expect(text).not.toContain(KEY);
    const file = JSON.parse(text) as Record<string, unknown>;
    const { defaultId } = await send<{ defaultId: string }>('getServices', {});
    expect(file).toMatchObject({
      format: 'site-report-settings',
      defaultService: defaultId,
      version: 1,
      withKeys: false,
      services: [
        { name: new URL(service.baseUrl).host, baseUrl: service.baseUrl },
        { name: 'Client A', baseUrl: clientService.baseUrl },
      ],
      preferences: { defaultPrivacy: 0 },
      siteLimits: { 'shop.example.test': limits(80) },
      agency: { name: 'Acme Agency' },
    });
    expect((file.watches as { url: string }[]).map((w) => w.url)).toEqual(WATCHED);
    plainFile = join(downloads, name);
  });

  it('warns before a file with keys, and names it so', async () => {
    await card.includeKeys(true);
    expect(await card.exportWarnings()).toEqual([
      'The file will hold your API key as plain text: anyone who has the file can use your account. Keep it safe and delete it once imported.',
    ]);
    const name = await card.exportFile();
    expect(name).toMatch(/-with-keys\.json$/);
    expect(JSON.parse(await downloaded(name))).toMatchObject({ withKeys: true, services: [{ apiKey: KEY }, { apiKey: CLIENT_KEY }] });
    await card.includeKeys(false);
    expect(await card.exportWarnings()).toEqual([]);
  });
});

describe('import', () => {
  it('after the settings changed, says what it would change, and restores them on Apply', async () => {
    await send('savePreferences', { defaultPrivacy: 2 });
    await send('saveSiteLimits', { project: 'shop.example.test', limits: limits(10) });
    const { watches } = await send<{ watches: { id: string; url: string }[] }>('getWatches', {});
    await send('removeWatch', { id: watches.find((w) => w.url === WATCHED[1])!.id });
    await send('saveAgency', { agency: { name: 'Someone else', logo: null } });
    await reopen();
    expect(await options.$eval('input[name="default-privacy"]:checked', (el) => (el as HTMLInputElement).value)).toBe('2');

    await card.pickFile(plainFile);
    expect(await card.heading()).toBe(`What importing ${plainFile.split('/').pop()} would change`);
    expect(await card.parts()).toEqual([
      { part: 'services', state: 'same', text: 'Services: No change.' },
      { part: 'preferences', state: 'changes', text: 'Preferences: changes 1 setting' },
      { part: 'agency', state: 'changes', text: 'Agency on handed-over reports: changes 1 setting' },
      { part: 'trackers', state: 'same', text: 'Issue trackers: No change.' },
      { part: 'siteLimits', state: 'changes', text: 'Site limits: replaces shop.example.test' },
      { part: 'accepted', state: 'same', text: 'Accepted findings: No change.' },
      { part: 'watches', state: 'changes', text: `Watched pages: adds ${WATCHED[1]}` },
      { part: 'watchSettings', state: 'same', text: 'Alerts of watched pages: No change.' },
    ]);
    // Nothing is written before Apply.
    expect((await send<{ limits: Record<string, { minScore: number }> }>('getSiteLimits', {})).limits['shop.example.test']!.minScore).toBe(10);

    expect(await card.apply()).toBe('Settings imported: 4 parts changed.');
    // The sections show the settings restored at once, and after a reload.
    await options.waitForFunction(() => (document.querySelector('#agency-name') as HTMLInputElement | null)?.value === 'Acme Agency', {
      timeout: 10_000,
    });
    await reopen();
    expect(await options.$eval('input[name="default-privacy"]:checked', (el) => (el as HTMLInputElement).value)).toBe('0');
    expect(await options.$eval('#agency-name', (el) => (el as HTMLInputElement).value)).toBe('Acme Agency');
    expect((await send<{ limits: Record<string, { minScore: number }> }>('getSiteLimits', {})).limits['shop.example.test']!.minScore).toBe(80);
    expect((await send<{ watches: { url: string }[] }>('getWatches', {})).watches.map((w) => w.url)).toEqual(WATCHED);
    // The key stayed: the address did not change.
    expect(await send<{ keySet: boolean }>('getSettings', {})).toMatchObject({ keySet: true, baseUrl: service.baseUrl });
  });

  it('cancelled, writes nothing', async () => {
    await send('savePreferences', { defaultPrivacy: 1 });
    await reopen();
    await card.pickFile(plainFile);
    expect((await card.parts()).find((p) => p.part === 'preferences')).toMatchObject({ state: 'changes' });
    expect(await card.cancel()).toBe('Import cancelled: nothing was changed.');
    expect(await card.parts()).toEqual([]);
    expect((await send<{ preferences: { defaultPrivacy: number } }>('getSettings', {})).preferences.defaultPrivacy).toBe(1);
  });

  it.each([
    ['not JSON', 'broken.json', '{"format": "site-report-settings",', 'This is not a settings file: its content is not JSON.'],
    ['of another kind', 'other.json', '{"format": "bookmarks", "version": 1}', 'This is not a Site Report settings file.'],
    [
      'of a newer version',
      'newer.json',
      '{"format": "site-report-settings", "version": 3}',
      'This file was made by a newer version of Site Report (settings version 3). Update the extension, then import it again.',
    ],
    ['over 1 MiB', 'huge.json', `{"pad": "${'x'.repeat(1_100_000)}"}`, 'This file is 1,101 kB; a settings file is at most 1,049 kB.'],
  ])('refuses a file %s, saying why', async (_case, name, content, message) => {
    const path = join(scratch, name);
    await writeFile(path, content);
    await reopen();
    await card.pickFile(path);
    expect(await card.importNotice()).toBe(message);
    expect(await card.parts()).toEqual([]);
  });

  it('names an invalid part and still applies the valid ones', async () => {
    const file = JSON.parse(await readFile(plainFile, 'utf8')) as Record<string, unknown>;
    const path = join(scratch, 'half-bad.json');
    await writeFile(path, JSON.stringify({ ...file, watchSettings: { scoreDrop: 500, webhook: null } }));
    await reopen();
    await card.pickFile(path);
    const parts = await card.parts();
    expect(parts.find((p) => p.part === 'watchSettings')).toEqual({
      part: 'watchSettings',
      state: 'invalid',
      text: 'Alerts of watched pages: Left out: the file’s value at watchSettings.scoreDrop is not valid.',
    });
    expect(parts.find((p) => p.part === 'preferences')).toMatchObject({ state: 'changes' });
    expect(await card.apply()).toBe('Settings imported: 1 part changed.');
    expect((await send<{ preferences: { defaultPrivacy: number } }>('getSettings', {})).preferences.defaultPrivacy).toBe(0);
  });

  it('brings back a removed service with its id, saying its key must be typed again', async () => {
    type Services = { services: { id: string; name: string; baseUrl: string; keySet: boolean }[]; defaultId: string };
    const before = await send<Services>('getServices', {});
    const client = before.services.find((entry) => entry.name === 'Client A')!;
    await send('removeService', { id: client.id, cancelWork: true });
    expect((await send<Services>('getServices', {})).services).toHaveLength(1);
    await reopen();
    await card.pickFile(plainFile);
    expect((await card.parts()).find((p) => p.part === 'services')).toEqual({
      part: 'services',
      state: 'changes',
      text: `Services: adds Client A (${new URL(clientService.baseUrl).host}); API key needed for Client A: type it in Services`,
    });
    expect(await card.apply()).toBe('Settings imported: 1 part changed.');
    const after = await send<Services>('getServices', {});
    expect(after.defaultId).toBe(before.defaultId);
    expect(after.services.map(({ id, name, baseUrl, keySet }) => ({ id, name, baseUrl, keySet }))).toEqual([
      { id: before.defaultId, name: new URL(service.baseUrl).host, baseUrl: service.baseUrl, keySet: true },
      { id: client.id, name: 'Client A', baseUrl: clientService.baseUrl, keySet: false },
    ]);
  });
});
