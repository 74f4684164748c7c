import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch, type Handlers } from '@/lib/background/router';
import { driveRuns } from '@/lib/background/runs/run-engine';
import type { Run, ServicesView } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { runs, watches, writeService } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from './fake-permissions';

/** Two services at once, each with its own key and its own reports: each message goes to the service it names, with that service's key only. */

const AGENCY_KEY = 'agency-key-0123456789abcdef';
const CLIENT_KEY = 'client-key-fedcba9876543210';
const WRONG_KEY = 'wrong-key-000000';
let agency: RunningService;
let client: RunningService;
let pages: PageServer;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  client.seedReports(CLIENT_KEY, [{ url: 'https://client.example/pricing', score: 71 }]);
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Page</title></head><body><h1>Hi</h1></body></html>' } });
});
afterAll(async () => {
  await agency.close();
  await client.close();
  await pages.close();
});

let handlers: Handlers;
let ids: { agency: string; client: string };
beforeEach(async () => {
  fakeBrowser.reset();
  // Both run on 127.0.0.1: one host permission covers both.
  installFakePermissions().add(originPattern(agency.baseUrl));
  handlers = createHandlers();
  const first = await writeService({ name: 'Agency', baseUrl: agency.baseUrl, apiKey: AGENCY_KEY, keyForSessionOnly: false });
  const second = await writeService({ name: 'Client', baseUrl: client.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: true });
  ids = { agency: first.id, client: second.id };
});

/** A message as a page sends it, naming a service or not. */
async function send(type: string, payload: object, service?: string) {
  const reply = await dispatch(handlers, { type, payload, ...(service ? { service } : {}) });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
  return reply.value as never;
}

/** Every request a service received carried its own key, and never the other's. */
function keysKeptApart() {
  for (const [service, own, other] of [
    [agency, AGENCY_KEY, CLIENT_KEY],
    [client, CLIENT_KEY, AGENCY_KEY],
  ] as const) {
    const api = service.requestLog.filter((r) => r.path.startsWith('/api/'));
    // The one other key a service is sent is the wrong one a test typed for it on purpose.
    expect(api.every((r) => r.authorization === `Bearer ${own}` || r.authorization === `Bearer ${WRONG_KEY}`)).toBe(true);
    expect(JSON.stringify(service.requestLog)).not.toContain(other);
  }
}

const madeOn = async (service: RunningService, key: string, url: string) => {
  const response = await fetch(`${service.baseUrl}/api/v1/reports?search=${encodeURIComponent(url.replace(/^https?:\/\//, ''))}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { data: unknown[] }).data.length;
};

describe('each message goes to the service it names', () => {
  it('a report made for the second service lands there, and one naming none goes to the default', async () => {
    const forClient = pages.url('/?for=client');
    const forDefault = pages.url('/?for=default');
    await send('createReport', { url: forClient, privacy: 1 }, ids.client);
    await send('createReport', { url: forDefault, privacy: 1 });
    expect(await madeOn(client, CLIENT_KEY, forClient)).toBe(1);
    expect(await madeOn(agency, AGENCY_KEY, forClient)).toBe(0);
    expect(await madeOn(agency, AGENCY_KEY, forDefault)).toBe(1);
    expect(await madeOn(client, CLIENT_KEY, forDefault)).toBe(0);
    keysKeptApart();
  });

  it('lists each service’s own reports and account', async () => {
    const clientList = (await send('listReports', {}, ids.client)) as { reports: { url: string }[] };
    expect(clientList.reports.map((r) => r.url)).toContain('client.example/pricing');
    const agencyList = (await send('listReports', { search: 'client.example/pricing' }, ids.agency)) as { reports: unknown[] };
    expect(agencyList.reports).toHaveLength(0);
    expect(await send('getAccount', {}, ids.client)).toMatchObject({ email: 'cy@client.example' });
    expect(await send('getAccount', {})).toMatchObject({ email: 'ada@agency.example' });
    keysKeptApart();
  });

  it('a message naming a service that is gone sends nothing anywhere, and says so', async () => {
    const before = agency.requestLog.length + client.requestLog.length;
    await expect(send('getAccount', {}, 'gone-0000')).rejects.toMatchObject({ message: expect.stringMatching(/removed/) });
    expect(agency.requestLog.length + client.requestLog.length).toBe(before);
  });

  it('a run keeps its service: its items go there only', async () => {
    const urls = [pages.url('/?run=1'), pages.url('/?run=2')];
    await send('startCreateRun', { urls, privacy: 1 }, ids.client);
    expect((await runs.read()).every((run) => run.service === ids.client)).toBe(true);
    await vi.waitFor(async () => expect((await runs.read())[0]?.state).toBe('finished'), { timeout: 15_000 });
    for (const url of urls) {
      expect(await madeOn(client, CLIENT_KEY, url)).toBe(1);
      expect(await madeOn(agency, AGENCY_KEY, url)).toBe(0);
    }
    keysKeptApart();
  });

  it('a run whose service is gone stops with a clear reason and is sent to no other', async () => {
    const posts = () => agency.requestLog.filter((r) => r.method === 'POST').length + client.requestLog.filter((r) => r.method === 'POST').length;
    const before = posts();
    const orphan: Run = {
      id: 'orphan',
      action: 'create',
      privacy: 1,
      createdAt: Date.now(),
      state: 'running',
      stopReason: null,
      waitUntil: null,
      waitReason: null,
      waits: 0,
      items: [{ url: pages.url('/?orphan'), state: 'pending' }],
      service: 'gone-0000',
    };
    await runs.write([orphan]);
    await driveRuns();
    expect((await runs.read())[0]).toMatchObject({ state: 'stopped', stopReason: expect.stringMatching(/removed/) });
    expect(posts()).toBe(before);
  });
});

describe('the list of services', () => {
  it('is shown without keys, with the default marked', async () => {
    const view = (await send('getServices', {})) as ServicesView;
    expect(view).toMatchObject({ defaultId: ids.agency, max: 10 });
    expect(view.services.map((s) => [s.name, s.keySet, s.keyHint, s.keyForSessionOnly])).toEqual([
      ['Agency', true, AGENCY_KEY.slice(-4), false],
      ['Client', true, CLIENT_KEY.slice(-4), true],
    ]);
    expect(JSON.stringify(view)).not.toContain(AGENCY_KEY);
    expect(JSON.stringify(view)).not.toContain(CLIENT_KEY);
  });

  it('a new service is proved with its own account before it is kept; a wrong key keeps nothing', async () => {
    await expect(send('saveService', { name: 'Third', baseUrl: client.baseUrl, apiKey: WRONG_KEY, keyForSessionOnly: false })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(((await send('getServices', {})) as ServicesView).services).toHaveLength(2);
    const { view } = (await send('saveService', { name: 'Third', baseUrl: client.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: false })) as {
      view: ServicesView;
    };
    expect(view.services.map((s) => s.name)).toEqual(['Agency', 'Client', 'Third']);
  });

  it('an edit to another origin does not carry the key along', async () => {
    await expect(
      send('saveService', { id: ids.client, name: 'Client', baseUrl: 'http://localhost:9', keyForSessionOnly: true }),
    ).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/only ever sent to 127\.0\.0\.1/),
    });
  });

  it('the default is what messages naming no service use', async () => {
    await send('setDefaultService', { id: ids.client });
    expect(await send('getAccount', {})).toMatchObject({ email: 'cy@client.example' });
  });

  it('the watch list names each watch’s service when there are several', async () => {
    await send('addWatches', { pages: [{ url: 'https://client.example/a', privacy: 1 }], every: 'weekly', hour: 9, offsetMinutes: 0 }, ids.client);
    await send('addWatches', { pages: [{ url: 'https://agency.example/b', privacy: 1 }], every: 'weekly', hour: 9, offsetMinutes: 0 });
    const view = (await send('getWatches', {})) as { watches: { url: string; serviceName?: string }[] };
    expect(view.watches.map((watch) => [watch.url, watch.serviceName])).toEqual([
      ['https://client.example/a', 'Client'],
      ['https://agency.example/b', 'Agency'],
    ]);
  });

  it('removing a service with work going to it asks first; cancelling drops its work, and the other goes on', async () => {
    await send(
      'addWatches',
      { pages: [{ url: 'https://client.example/pricing', privacy: 1 }], every: 'weekly', hour: 9, offsetMinutes: 0 },
      ids.client,
    );
    expect((await watches.read())[0]?.service).toBe(ids.client);
    const asked = (await send('removeService', { id: ids.client })) as { removed: boolean; workLeft: number };
    expect(asked).toMatchObject({ removed: false });
    expect(asked.workLeft).toBeGreaterThan(0);
    expect(((await send('getServices', {})) as ServicesView).services).toHaveLength(2);

    const done = (await send('removeService', { id: ids.client, cancelWork: true })) as { view: ServicesView; removed: boolean };
    expect(done.removed).toBe(true);
    expect(done.view.services.map((s) => s.name)).toEqual(['Agency']);
    expect(await watches.read()).toEqual([]);
    expect((await runs.read()).filter((run) => run.state === 'running')).toEqual([]);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(CLIENT_KEY);
    expect(await send('getAccount', {})).toMatchObject({ email: 'ada@agency.example' });
    keysKeptApart();
  });
});
