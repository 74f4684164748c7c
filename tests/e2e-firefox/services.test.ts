/**
 * A second service in Firefox: the production Firefox build, connected to one local report
 * service, a second one added on the options page, made the default, and a report made from the
 * popup landing there only. Then the switches: the popup's "Reports go to" sends the report to
 * the service chosen there and keeps it when the popup opens again, and the reports manager's
 * "Service" lists each one's reports. Every request each service logged carries its own key only.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { PopupPage } from '../e2e/support/pages/popup.ts';
import { storedReports } from '../e2e/support/stored-reports.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';
import { clickToolbarButton, closeToolbarPopup, waitForToolbarPopup } from './support/toolbar.ts';

const AGENCY_KEY = 'e2e-firefox-agency-4e1b8c2d7a';
const CLIENT_KEY = 'e2e-firefox-client-9a3f6e0b5c';
let agency: RunningService;
let client: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let options: OptionsPage;
let page: string;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  agency.seedReports(AGENCY_KEY, [{ url: 'https://agency-only.example/b', score: 44 }]);
  client.seedReports(CLIENT_KEY, [{ url: 'https://client-only.example/a', score: 55 }]);
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
    await (await options.page.waitForSelector('::-p-aria(Make default: Client)'))!.click();
    await servicesSay('Client is now the default.');

    page = site.url('/').replace('//127.0.0.1:', '//localhost:');
    const popup = await PopupPage.openOn(ext, await ext.newTab(page));
    expect(await popup.createReport({ privacy: 'public' })).toBe('done');
    const search = new URL(page).host;
    expect(await reportsOn(client, CLIENT_KEY, search)).toBe(1);
    expect(await reportsOn(agency, AGENCY_KEY, search)).toBe(0);

    keysKeptApart();
  });
});

describe('the services switches in Firefox', () => {
  // Client is the default; Agency (named by its host) is the other one.
  const agencyName = () => new URL(agency.baseUrl).host;
  let agencyId = '';
  let clientId = '';
  let tab: Page;
  let popup: PopupPage;
  const switchSelect = 'select::-p-aria(Reports go to)';
  const chosenInPopup = () => popup.page.$eval('.popup__service select', (select) => (select as HTMLSelectElement).value);

  async function openPopup() {
    await PopupPage.closeAll(ext);
    popup = await PopupPage.openOn(ext, tab);
    await popup.waitForReady();
    await popup.page.waitForSelector(switchSelect);
  }

  it('lists both services in the popup, and sends the report to the one chosen there', async () => {
    tab = await ext.newTab(page);
    await openPopup();
    const choices = await popup.page.$$eval('.popup__service option', (all) =>
      all.map((o) => ({ id: (o as HTMLOptionElement).value, name: o.textContent })),
    );
    expect(choices.map((o) => o.name)).toEqual(['Client', agencyName()]);
    [clientId, agencyId] = choices.map((o) => o.id) as [string, string];
    expect(await chosenInPopup()).toBe(clientId);
    // The page's report made before is Client's.
    expect(await popup.listedReports()).toHaveLength(1);

    await popup.page.select('.popup__service select', agencyId);
    await popup.page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('.popup__service select')?.value === id, {}, agencyId);
    await popup.waitForReady();
    // Agency's reports of the page: none yet; Client's made before is not shown as Agency's.
    await expect.poll(() => popup.listedReports(), { timeout: 10_000 }).toEqual([]);
    expect(await popup.createReport({ privacy: 'public' })).toBe('done');
    expect(await storedReports(agency.baseUrl, AGENCY_KEY).ofPage(page)).toHaveLength(1);
    expect(await storedReports(client.baseUrl, CLIENT_KEY).ofPage(page)).toHaveLength(1);
    keysKeptApart();
  });

  it('keeps the choice when the popup opens again, in the toolbar panel too', async () => {
    await openPopup();
    expect(await chosenInPopup()).toBe(agencyId);
    const listed = await popup.listedReports();
    expect(listed).toHaveLength(1);
    const href = await popup.page.$eval('a.report-row', (link) => (link as HTMLAnchorElement).href);
    expect(new URL(href).searchParams.get('service')).toBe(agencyId);
    await PopupPage.closeAll(ext);

    // The real popup, opened by the toolbar button over the page.
    const host = await ext.host();
    await tab.bringToFront();
    await clickToolbarButton(ext.chrome, ext.id);
    await waitForToolbarPopup(host, 'its reports', (view) => view.state === 'ready');
    // The switch comes in its own chunk, so it may be drawn a moment after the form is ready.
    const readPanel = () =>
      host.evaluate(() => {
        const doc: Document = Reflect.get(browser.extension.getViews({ type: 'popup' })[0]!, 'document');
        return {
          chosen: doc.querySelector<HTMLSelectElement>('.popup__service select')?.value,
          reports: [...doc.querySelectorAll<HTMLAnchorElement>('.page-reports__list li a')].map((a) => new URL(a.href).searchParams.get('id')),
        };
      });
    await expect.poll(readPanel, { timeout: 10_000 }).toEqual({ chosen: agencyId, reports: [String(listed[0]!.id)] });
    await closeToolbarPopup(host);
    keysKeptApart();
  });

  it('lists each service’s reports in the manager, by its switch', async () => {
    const manager = options.page;
    await manager.bringToFront();
    await options.reload();
    const listShows = (has: string, hasNot: string) =>
      manager.waitForFunction(
        (words, other) => {
          const list = document.querySelector('section.rm[data-state="idle"] .rm-list');
          return Boolean(list?.textContent?.includes(words) && !list.textContent.includes(other));
        },
        { timeout: 15_000, polling: 100 },
        has,
        hasNot,
      );
    await listShows('client-only.example', 'agency-only.example');
    const choice = (await manager.waitForSelector('section.rm .rm-service select'))!;
    expect(await choice.evaluate((select) => select.closest('label')?.querySelector('span')?.textContent)).toBe('Service');
    expect(await choice.$$eval('option', (all) => all.map((o) => [(o as HTMLOptionElement).value, o.textContent]))).toEqual([
      [clientId, 'Client · Default'],
      [agencyId, agencyName()],
    ]);
    const listed = () => manager.$$eval('section.rm tr.rm-row', (rows) => rows.map((row) => row.textContent ?? ''));
    expect((await listed()).filter((row) => row.includes('localhost'))).toHaveLength(1);

    await manager.select('section.rm .rm-service select', agencyId);
    await listShows('agency-only.example', 'client-only.example');
    // Agency's own: the seeded report and the one the popup sent there.
    expect(await listed()).toHaveLength(2);
    const links = await manager.$$eval('section.rm .rm-list a[href*="report.html"]', (all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).searchParams.get('service')).toBe(agencyId);

    await manager.select('section.rm .rm-service select', clientId);
    await listShows('client-only.example', 'agency-only.example');
    keysKeptApart();
  });
});
