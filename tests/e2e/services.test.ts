/**
 * Several services on the options page: two local report services at once, each with its own
 * key, added, made the default and removed, in the production build in Chromium. Every request
 * each service logged carries its own key only.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';

const AGENCY_KEY = 'e2e-agency-key-5c1f0a9d2b';
const CLIENT_KEY = 'e2e-client-key-93e7b4a61f';
let agency: RunningService;
let client: RunningService;
let ext: ExtensionBrowser;
let page: Page;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  ext = await launchExtensionBrowser();
  // Both listen on 127.0.0.1: one host permission covers both, asked without a prompt once approved.
  await ext.preapproveHostPermission(agency.baseUrl);
  page = await ext.openOptions();
  await page.waitForSelector('section.services');
});

afterAll(async () => {
  await ext?.close();
  await agency?.close();
  await client?.close();
});

const names = () => page.$$eval('.services__item', (items) => items.map((item) => item.querySelector('.services__name')?.textContent?.trim() ?? ''));

async function addService(name: string, baseUrl: string, apiKey: string) {
  await (await page.waitForSelector('::-p-text(Add a service)'))!.click();
  const form = (await page.waitForSelector('form.service-form'))!;
  await (await form.$('::-p-aria(Name)'))!.type(name);
  await (await form.$('::-p-aria([name="Service address"][role="textbox"])'))!.type(baseUrl);
  await (await form.$('input::-p-aria(API key)'))!.type(apiKey);
  await (await form.$('button[type="submit"]'))!.click();
  await page.waitForFunction((n) => document.querySelector('.services')?.textContent?.includes(`${n} is saved.`), {}, name);
}

/** Every request each service logged carried its own key, and never the other's. */
function keysKeptApart() {
  for (const [service, own, other] of [
    [agency, AGENCY_KEY, CLIENT_KEY],
    [client, CLIENT_KEY, AGENCY_KEY],
  ] as const) {
    const api = service.requestLog.filter((r) => r.path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.every((r) => r.authorization === `Bearer ${own}`)).toBe(true);
    expect(JSON.stringify(service.requestLog)).not.toContain(other);
  }
}

describe('several services on the options page', () => {
  it('adds two services, each proved with its own account; the first is the default', async () => {
    await addService('Agency', agency.baseUrl, AGENCY_KEY);
    await addService('Client', client.baseUrl, CLIENT_KEY);
    expect(await names()).toEqual(['Agency · Default', 'Client']);
    expect(await page.content()).not.toContain(AGENCY_KEY);
    expect(await page.content()).not.toContain(CLIENT_KEY);
    keysKeptApart();
  });

  it('makes the second the default, kept across a reload', async () => {
    await (await page.waitForSelector('::-p-aria(Make Client the default)'))!.click();
    await page.waitForFunction(() => document.querySelector('.services')?.textContent?.includes('Client is now the default.'));
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('.services__item').length === 2);
    expect(await names()).toEqual(['Agency', 'Client · Default']);
  });

  it('removes one with its key; the other goes on working', async () => {
    await (await page.waitForSelector('::-p-aria(Remove Agency)'))!.click();
    await page.waitForFunction(() => document.querySelector('.services')?.textContent?.includes('Agency was removed, with its key.'));
    expect(await names()).toEqual(['Client']);
    const before = client.requestLog.length;
    await (await page.waitForSelector('::-p-aria(Edit Client)'))!.click();
    await (await page.waitForSelector('form.service-form button[type="submit"]'))!.click();
    await page.waitForFunction(() => document.querySelector('.services')?.textContent?.includes('Client is saved.'));
    // Saved with the key left empty: the kept key was proved again with the service.
    expect(client.requestLog.slice(before).some((r) => r.path === '/api/v1/account')).toBe(true);
    keysKeptApart();
  });
});
