import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch, type Handlers } from '@/lib/background/router';
import type { Job, PageState, QueuedReport } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { writeService } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';

/** A report being made is its service's own: a popup switched to another service never shows it as running there. */

const AGENCY_KEY = 'agency-key-0123456789abcdef';
const CLIENT_KEY = 'client-key-fedcba9876543210';
let agency: RunningService;
let client: RunningService;
let pages: PageServer;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  // The client's audits take a while: its job is still running when the popups look.
  client = await startReportService({
    accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }],
    latencyMs: 1500,
  });
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Home</title></head><body><h1>Home</h1></body></html>' } });
});
afterAll(async () => {
  await agency.close();
  await client.close();
  await pages.close();
});

let handlers: Handlers;
let ids: { agency: string; client: string };
let n = 0;
let page: string;
beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(agency.baseUrl));
  handlers = createHandlers();
  ids = {
    agency: (await writeService({ name: 'Agency', baseUrl: agency.baseUrl, apiKey: AGENCY_KEY, keyForSessionOnly: false })).id,
    client: (await writeService({ name: 'Client', baseUrl: client.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: false })).id,
  };
  page = pages.url(`/?jobs=${++n}`);
});

async function send<T>(type: string, payload: object, service?: string): Promise<T> {
  const reply = await dispatch(handlers, { type, payload, ...(service ? { service } : {}) });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
  return reply.value as T;
}
const pageState = (windowId: number) => send<PageState>('getPageState', { url: page, windowId });

describe('report jobs of two services on one address', () => {
  it('shows the running job only to the popup on its service', async () => {
    await send('choosePopupService', { windowId: 2, service: ids.client });
    const creating = send('createReport', { url: page, privacy: 1 }, ids.client);

    await vi.waitFor(async () => expect((await pageState(2)).job).toMatchObject({ state: 'running', service: ids.client }));
    const other = await pageState(1);
    expect(other.settings.popupServices?.chosen).toBe(ids.agency);
    expect(other.job).toBeNull();
    // The default's wait answers at once: nothing runs there.
    expect(await send<Job | null>('waitForJob', { url: page })).toBeNull();

    await creating;
    expect((await pageState(2)).job).toMatchObject({ state: 'done', service: ids.client });
    expect((await pageState(1)).job).toBeNull();
  });

  it('starts a second audit on the other service instead of joining the first', async () => {
    const posts = (service: RunningService) => service.requestLog.filter((r) => r.method === 'POST').length;
    const before = { agency: posts(agency), client: posts(client) };
    const onClient = send<{ id: number }>('createReport', { url: page, privacy: 1 }, ids.client);
    await vi.waitFor(async () => expect((await send<PageState>('getPageState', { url: page }, ids.client)).job?.state).toBe('running'));
    const onAgency = await send<{ id: number }>('createReport', { url: page, privacy: 1 });
    // Made while the client's audit still ran: the agency's own report, not the client's joined.
    expect((await send<PageState>('getPageState', { url: page }, ids.client)).job?.state).toBe('running');
    await onClient;
    expect({ agency: posts(agency) - before.agency, client: posts(client) - before.client }).toEqual({ agency: 1, client: 1 });
    expect((await pageState(1)).reports.map((report) => report.id)).toEqual([onAgency.id]);
  });

  it('dismisses the job of the service named only', async () => {
    await send('createReport', { url: page, privacy: 1 }, ids.client);
    await send('dismissJob', { url: page });
    expect((await send<PageState>('getPageState', { url: page }, ids.client)).job).toMatchObject({ state: 'done' });
    await send('dismissJob', { url: page }, ids.client);
    expect((await send<PageState>('getPageState', { url: page }, ids.client)).job).toBeNull();
  });
});

describe('reports queued on two services for one address', () => {
  const queued = async (service?: string) => (await send<PageState>('getPageState', { url: page }, service)).queued;

  it('the popup cancels its own service’s only; the options page’s queue, every one', async () => {
    await send('queueReport', { url: page, privacy: 1, sentAt: Date.now() });
    await send('queueReport', { url: page, privacy: 0, sentAt: Date.now() }, ids.client);
    expect(await send('getQueue', {})).toHaveLength(2);

    // The popup on the default service.
    await send('cancelQueued', { url: page });
    expect(await queued()).toBeNull();
    expect(await queued(ids.client)).toMatchObject({ url: page, privacy: 0 });

    await send('queueReport', { url: page, privacy: 1, sentAt: Date.now() });
    // The popup switched to the client's service.
    await send('cancelQueued', { url: page }, ids.client);
    expect(await queued(ids.client)).toBeNull();
    expect(await queued()).toMatchObject({ url: page, privacy: 1 });

    await send('queueReport', { url: page, privacy: 0, sentAt: Date.now() }, ids.client);
    await send('cancelQueued', { url: page, everyService: true });
    expect(await send('getQueue', {})).toEqual([]);
  });

  it('the options page’s queue names each one’s service, and cancels on the service named only', async () => {
    await send('queueReport', { url: page, privacy: 1, sentAt: Date.now() });
    await send('queueReport', { url: page, privacy: 0, sentAt: Date.now() }, ids.client);
    const queue = await send<QueuedReport[]>('getQueue', {});
    expect(queue.map(({ url, privacy, service }) => ({ url, privacy, service }))).toEqual([
      { url: page, privacy: 1, service: { id: ids.agency, name: 'Agency' } },
      { url: page, privacy: 0, service: { id: ids.client, name: 'Client' } },
    ]);

    // The client's row cancelled from the options page: the agency's stays.
    await send('cancelQueued', { url: page }, ids.client);
    expect(await send<QueuedReport[]>('getQueue', {})).toMatchObject([{ url: page, privacy: 1, service: { id: ids.agency } }]);
    expect(await queued(ids.client)).toBeNull();
  });
});
