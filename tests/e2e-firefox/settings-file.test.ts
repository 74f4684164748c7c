/**
 * Settings in a file in Firefox, with the same page object as in Chromium, against the local report
 * service: the options page exports them, a setting is changed, and importing the file says so and
 * restores it on Apply.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { reloadPage } from '../e2e/support/page-object.ts';
import { sendFrom, SettingsFileCard } from '../e2e/support/pages/settings-file.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const KEY = 'e2e-firefox-settings-key-71b2e0';
const limits = (minScore: number) => ({ minScore, noHighFailed: false, categories: [], checks: [] });

let service: RunningService;
let ext: FirefoxExtension;
let downloads: string;
let options: Page;

const send = <T>(type: string, payload: object) => sendFrom<T>(options, type, payload);

async function reopened(): Promise<SettingsFileCard> {
  await reloadPage(options);
  await options.waitForSelector('main.options[data-state="ready"]');
  const card = new SettingsFileCard(options);
  await card.waitForCard();
  return card;
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  downloads = await mkdtemp(join(tmpdir(), 'site-report-settings-ff-'));
  ext = await launchFirefoxExtension({ downloadDir: downloads });
  options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

describe('settings in a file in Firefox', () => {
  it('exports them, and importing the file restores a changed setting', async () => {
    await send('savePreferences', { defaultPrivacy: 0 });
    await send('saveSiteLimits', { project: 'shop.example.test', limits: limits(80) });
    let card = await reopened();

    const name = await card.exportFile();
    expect(name).toMatch(/^site-report-settings-\d{4}-\d{2}-\d{2}\.json$/);
    const path = join(downloads, name);
    await waitUntil(name, async () => existsSync(path) && !(await readdir(downloads)).some((f) => f.endsWith('.part')));
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toMatchObject({
      format: 'site-report-settings',
      preferences: { defaultPrivacy: 0 },
      services: [{ baseUrl: service.baseUrl }],
    });

    await send('saveSiteLimits', { project: 'shop.example.test', limits: limits(10) });
    card = await reopened();
    await card.pickFile(path);
    const parts = await card.parts();
    expect(parts.filter((part) => part.state === 'changes')).toEqual([
      { part: 'siteLimits', state: 'changes', text: 'Site limits: replaces shop.example.test' },
    ]);
    expect(await card.apply()).toBe('Settings imported: 1 part changed.');
    expect((await send<{ limits: Record<string, { minScore: number }> }>('getSiteLimits', {})).limits['shop.example.test']!.minScore).toBe(80);
  });
});
