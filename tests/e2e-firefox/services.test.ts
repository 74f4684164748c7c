/**
 * A second service in Firefox: the production Firefox build, connected to one local report
 * service, a second one added on the options page, made the default, and a report made from the
 * popup landing there only. Every request each service logged carries its own key only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const AGENCY_KEY = 'e2e-firefox-agency-4e1b8c2d7a';
const CLIENT_KEY = 'e2e-firefox-client-9a3f6e0b5c';
let agency: RunningService;
let client: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let options: OptionsPage;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  site = await startPageServer({ '/': { body: pageHtml({ title: 'Walking shoes' }) } });
  ext = await launchFirefoxExtension();
  options = await OptionsPage.open(ext);
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await agency?.close();
  await client?.close();
});

const names = () =>
  options.page.$$eval('.services__item', (items) => items.map((item) => item.querySelector('.services__name')?.textContent?.trim() ?? ''));
const servicesSay = (text: string) =>
  options.page.waitForFunction((words) => document.querySelector('.services')?.textContent?.includes(words), { timeout: 15_000 }, text);

async function reportsOn(service: RunningService, key: string, search: string): Promise<number> {
  const response = await fetch(`${service.baseUrl}/api/v1/reports?search=${encodeURIComponent(search)}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
}

describe('a second service in Firefox', () => {
  it('is added beside the first, proved with its own key', async () => {
    const outcome = await options.connect(ext, { baseUrl: agency.baseUrl, apiKey: AGENCY_KEY }, 'grant');
    expect(outcome.ok).toBe(true);
    await servicesSay(new URL(agency.baseUrl).host);

    await (await options.page.waitForSelector('::-p-text(Add a service)'))!.click();
    const form = (await options.page.waitForSelector('form.service-form'))!;
    await (await form.$('::-p-aria(Name)'))!.type('Client');
    await (await form.$('::-p-aria([name="Service address"][role="textbox"])'))!.type(client.baseUrl);
    await (await form.$('input::-p-aria(API key)'))!.type(CLIENT_KEY);
    await (await form.$('button[type="submit"]'))!.click();
    await servicesSay('Client is saved.');
    expect(await names()).toEqual([`${new URL(agency.baseUrl).host} · Default`, 'Client']);
  });

  it('made the default, takes the popup’s report, and the first service gets nothing', async () => {
    await (await options.page.waitForSelector('::-p-aria(Make Client the default)'))!.click();
    await servicesSay('Client is now the default.');

    const page = site.url('/').replace('//127.0.0.1:', '//localhost:');
    const popup = await PopupPage.openOn(ext, await ext.newTab(page));
    expect(await popup.createReport({ privacy: 'public' })).toBe('done');
    const search = new URL(page).host;
    expect(await reportsOn(client, CLIENT_KEY, search)).toBe(1);
    expect(await reportsOn(agency, AGENCY_KEY, search)).toBe(0);

    for (const [service, own, other] of [
      [agency, AGENCY_KEY, CLIENT_KEY],
      [client, CLIENT_KEY, AGENCY_KEY],
    ] as const) {
      const api = service.requestLog.filter((r) => r.path.startsWith('/api/'));
      expect(api.every((r) => r.authorization === `Bearer ${own}`)).toBe(true);
      expect(JSON.stringify(service.requestLog)).not.toContain(other);
    }
  });
});
