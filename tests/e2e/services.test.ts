/**
 * Several services on the options page: two local report services at once, each with its own
 * key, added, made the default and removed, in the production build in Chromium. Then in the
 * pages: the popup reports to the service chosen in its header, the report view opened from it
 * reads that service, and the reports manager lists each service's reports by its switch. Every
 * request each service logged carries its own key only.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { PopupPage } from './support/pages/popup.ts';
import { storedReports } from './support/stored-reports.ts';

const AGENCY_KEY = 'e2e-agency-key-5c1f0a9d2b';
const CLIENT_KEY = 'e2e-client-key-93e7b4a61f';
let agency: RunningService;
let client: RunningService;
let ext: ExtensionBrowser;
let page: Page;
let site: PageServer;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  agency.seedReports(AGENCY_KEY, [{ url: 'https://agency-only.example/b', score: 44 }]);
  client.seedReports(CLIENT_KEY, [{ url: 'https://client-only.example/a', score: 55 }]);
  site = await startPageServer({ '/': { body: pageHtml({ title: 'A page of a client' }) } });
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
  await site?.close();
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
    await (await page.waitForSelector('::-p-aria(Make default: Client)'))!.click();
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

describe('several services in the pages', () => {
  // Client is now the default; Agency is added again: the other service, named in messages and addresses.
  let agencyId = '';
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

  it('names the service in the popup, and reports to each one chosen there', async () => {
    await addService('Agency', agency.baseUrl, AGENCY_KEY);
    tab = await ext.newTab(site.url('/'));
    await openPopup();
    const options = await popup.page.$$eval('.popup__service option', (all) =>
      all.map((o) => ({ id: (o as HTMLOptionElement).value, name: o.textContent })),
    );
    expect(options.map((o) => o.name)).toEqual(['Client', 'Agency']);
    agencyId = options[1]!.id;
    expect(await chosenInPopup()).toBe(options[0]!.id);

    expect(await popup.createReport({ privacy: 'private' })).toBe('done');
    expect(await storedReports(client.baseUrl, CLIENT_KEY).ofPage(site.url('/'))).toHaveLength(1);
    expect(await storedReports(agency.baseUrl, AGENCY_KEY).ofPage(site.url('/'))).toHaveLength(0);

    await popup.clickDone();
    await popup.page.select('.popup__service select', agencyId);
    await popup.page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('.popup__service select')?.value === id, {}, agencyId);
    await popup.waitForReady();
    // The page's reports are Agency's: none yet, though Client has one.
    expect(await popup.listedReports()).toEqual([]);
    expect(await popup.createReport({ privacy: 'public' })).toBe('done');
    expect(await storedReports(agency.baseUrl, AGENCY_KEY).ofPage(site.url('/'))).toHaveLength(1);
    expect(await storedReports(client.baseUrl, CLIENT_KEY).ofPage(site.url('/'))).toHaveLength(1);
    keysKeptApart();
  });

  it('keeps the choice for the window, and opens the report view of the chosen service', async () => {
    await openPopup();
    expect(await chosenInPopup()).toBe(agencyId);
    const listed = await popup.listedReports();
    expect(listed).toHaveLength(1);
    const href = await popup.page.$eval('a.report-row', (link) => (link as HTMLAnchorElement).href);
    expect(new URL(href).searchParams.get('service')).toBe(agencyId);

    const before = agency.requestLog.length;
    const view = await ext.newTab(href);
    await view.waitForSelector('.report__service');
    expect(await view.$eval('.report__service', (line) => line.textContent?.trim())).toBe('Service: Agency');
    expect(await view.$eval('h1.report__address', (h1) => h1.textContent?.trim())).toBe(storedAddress(site.url('/')));
    // The report was read from Agency, with Agency's key; Client holds another report under the same id, never asked for.
    expect(agency.requestLog.slice(before).some((r) => r.path.startsWith(`/api/v1/reports/${listed[0]!.id}`))).toBe(true);
    expect(await view.$eval('.report__meta', (meta) => meta.textContent)).toContain('Public');
    await view.close();
    keysKeptApart();
  });

  it('keeps the page for the next popup once per service, naming the service each copy was read for', async () => {
    type Kept = { url: string; settings: { popupServices?: { chosen: string } }; reports: { id: number }[] };
    const keptCopies = () =>
      page.evaluate(async (url) => {
        const pages = ((await browser.storage.session.get('popupPageCache')).popupPageCache ?? []) as Kept[];
        return pages
          .filter((kept) => kept.url === url)
          .map((kept) => ({ service: kept.settings.popupServices?.chosen, reports: kept.reports.length }));
      }, site.url('/'));
    // The report just made on Agency is still shown as such: dismissed, on Agency only, the page is kept as listed.
    await openPopup();
    expect(await popup.page.$eval('main.popup', (main) => main.getAttribute('data-job'))).toBe('done');
    await popup.clickDone();
    await page.waitForFunction(async () => Object.keys((await browser.storage.session.get('reportJobs')).reportJobs ?? {}).length === 0, {
      timeout: 10_000,
      polling: 100,
    });
    await openPopup();
    const clientId = (await popup.page.$$eval('.popup__service option', (all) => all.map((o) => (o as HTMLOptionElement).value)))[0]!;
    await popup.page.select('.popup__service select', clientId);
    await popup.page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('.popup__service select')?.value === id, {}, clientId);
    await popup.waitForReady();
    await expect.poll(async () => (await keptCopies()).length, { timeout: 10_000, interval: 100 }).toBe(2);
    expect((await keptCopies()).sort((a, b) => String(a.service).localeCompare(String(b.service)))).toEqual(
      [
        { service: agencyId, reports: 1 },
        { service: clientId, reports: 1 },
      ].sort((a, b) => a.service.localeCompare(b.service)),
    );
    // The window goes back to Agency for what follows.
    await popup.page.select('.popup__service select', agencyId);
    await popup.page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('.popup__service select')?.value === id, {}, agencyId);
    await popup.waitForReady();
  });

  it('lists each service’s reports in the manager, by its switch', async () => {
    await page.bringToFront();
    await page.reload();
    const listShows = (has: string, hasNot: string) =>
      page
        .waitForFunction(
          (words, other) => {
            const list = document.querySelector('section.rm[data-state="idle"] .rm-list');
            return Boolean(list?.textContent?.includes(words) && !list.textContent.includes(other));
          },
          { timeout: 10_000, polling: 100 },
          has,
          hasNot,
        )
        .catch(async (error: unknown) => {
          throw new Error(
            `${has}: ${String(error)} ${await page.$eval('section.rm', (el) => `${el.getAttribute('data-state')} ${el.querySelector('.rm-list')?.textContent?.slice(0, 400)}`)}`,
          );
        });
    await listShows('client-only.example', 'agency-only.example');
    const choice = (await page.waitForSelector('select::-p-aria(Service)'))!;
    expect(await choice.$$eval('option', (all) => all.map((o) => o.textContent))).toEqual(['Client · Default', 'Agency']);
    await page.select('section.rm .rm-service select', agencyId);
    await listShows('agency-only.example', 'client-only.example');
    const links = await page.$$eval('section.rm .rm-list a[href*="report.html"]', (all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).searchParams.get('service')).toBe(agencyId);
    keysKeptApart();
  });
});
