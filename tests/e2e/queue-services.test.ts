/**
 * The options page's queue with two services, in Chromium on the production build against two local report
 * services: each report waiting names its service, one address waits once on each, and cancelling a row cancels it
 * on that row's service only.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedReport, ServicesView } from '@/lib/protocol';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { ReportsManagerPage } from './support/pages/reports-manager.ts';
import { sendFrom } from './support/pages/settings-file.ts';
import { waitUntil } from './support/stand-ins.ts';

const KEY = 'e2e-queue-services-key-51c0a2';
const CLIENT_KEY = 'e2e-queue-services-client-key-7d93e4';
const ADDRESS = 'https://shop.example.test/cart';

let service: RunningService;
let clientService: RunningService;
let ext: ExtensionBrowser;
let options: Page;
let view: ServicesView;

/** A message as the pages send it, for the service `service` names (absent: the default). */
const send = <T>(type: string, payload: object, service?: string) => sendFrom<T>(options, type, payload, service);

/** Each row of the queue as a person sees it: its address, the service it names, and its button's name. */
const rows = () =>
  options.$$eval('section.queue li.queue__item', (items) =>
    items.map((item) => ({
      address: item.querySelector('.queue__address')?.textContent ?? '',
      service: item.querySelector('.queue__service')?.textContent ?? null,
      cancel: item.querySelector('button')?.getAttribute('aria-label') ?? '',
    })),
  );

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  clientService = await startReportService({ accounts: [{ name: 'Grace Hopper', email: 'grace@example.com', apiKey: CLIENT_KEY }] });
  ext = await launchExtensionBrowser();
  await ext.grantHostPermission(service.baseUrl);
  await ext.grantHostPermission(clientService.baseUrl);
  options = (await ReportsManagerPage.openConnected(ext, service.baseUrl, KEY)).page;
  view = (
    await send<{ view: ServicesView }>('saveService', {
      name: 'Client A',
      baseUrl: clientService.baseUrl,
      apiKey: CLIENT_KEY,
      keyForSessionOnly: false,
    })
  ).view;
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close().catch(() => undefined);
  await clientService?.close().catch(() => undefined);
});

describe('the queue with two services', () => {
  it('names each row’s service, and cancels a row on its own service only', async () => {
    const [agency, client] = [view.services.find((s) => s.id === view.defaultId)!, view.services.find((s) => s.name === 'Client A')!];
    // Both services away: what is queued stays queued while the rows are read.
    await service.close();
    await clientService.close();
    // The same address asked on each.
    await send('queueReport', { url: ADDRESS, privacy: 1, sentAt: Date.now(), offline: true });
    await send('queueReport', { url: ADDRESS, privacy: 0, sentAt: Date.now(), offline: true }, client.id);
    await options.reload();
    await waitUntil('both queued reports listed', async () => (await rows()).length === 2);
    expect(await rows()).toEqual([
      { address: ADDRESS, service: agency.name, cancel: `Cancel the report of ${ADDRESS} on ${agency.name}` },
      { address: ADDRESS, service: 'Client A', cancel: `Cancel the report of ${ADDRESS} on Client A` },
    ]);

    await options.click(`section.queue button[aria-label="Cancel the report of ${ADDRESS} on Client A"]`);
    await waitUntil('the client’s row gone', async () => (await rows()).length === 1);
    expect(await rows()).toEqual([{ address: ADDRESS, service: agency.name, cancel: `Cancel the report of ${ADDRESS} on ${agency.name}` }]);
    expect((await send<QueuedReport[]>('getQueue', {})).map((entry) => entry.service?.id)).toEqual([agency.id]);
  });
});
