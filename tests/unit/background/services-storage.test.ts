import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  readConnection,
  readDefaultServiceId,
  readService,
  readServiceList,
  removeService,
  ServicesFullError,
  writeDefaultServiceId,
  writeService,
} from '@/lib/storage';
import { SERVICES_MAX } from '@/lib/shared/service-bounds';

const ADDRESS = 'https://reports.agency.example';
const KEY = 'agency-key-0123456789abcdef';

beforeEach(() => fakeBrowser.reset());

/** What the key areas hold, as one text: a key is in it or not. */
const area = async (name: 'local' | 'session') => JSON.stringify(await fakeBrowser.storage[name].get(null));

describe('the connection of an earlier version becomes the first service, its key kept', () => {
  it('with a key kept in local storage', async () => {
    await fakeBrowser.storage.local.set({
      connection: { baseUrl: ADDRESS, revision: 3, keyForSessionOnly: false },
      apiKey: { origin: ADDRESS, key: KEY },
    });
    const { services, defaultId } = await readServiceList();
    expect(services).toEqual([{ id: expect.any(String), name: 'reports.agency.example', baseUrl: ADDRESS, keyForSessionOnly: false }]);
    expect(defaultId).toBe(services[0]!.id);
    expect(await readService(defaultId)).toEqual({ service: services[0], apiKey: KEY });
    const local = await fakeBrowser.storage.local.get(null);
    expect(local.connection).toBeUndefined();
    expect(local.apiKey).toBeUndefined();
  });

  it('with a key kept until the browser closes, which never reaches local storage', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: ADDRESS, revision: 1, keyForSessionOnly: true } });
    await fakeBrowser.storage.session.set({ apiKey: { origin: ADDRESS, key: KEY } });
    expect(await readConnection()).toEqual({ baseUrl: ADDRESS, apiKey: KEY });
    expect((await readService())?.service.keyForSessionOnly).toBe(true);
    expect(await area('local')).not.toContain(KEY);
    expect(await area('session')).toContain(KEY);
    expect((await fakeBrowser.storage.session.get('apiKey')).apiKey).toBeUndefined();
  });

  it('with the key in the address item, as the oldest versions kept it', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: ADDRESS, apiKey: KEY } });
    expect(await readConnection()).toEqual({ baseUrl: ADDRESS, apiKey: KEY });
    const local = await fakeBrowser.storage.local.get(null);
    expect(JSON.stringify(local.services)).not.toContain(KEY);
    expect(Object.values(local.serviceKeys as object)).toEqual([{ origin: ADDRESS, key: KEY }]);
  });

  it('without a key: the service is kept, and no key is made up', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: ADDRESS, revision: 1 } });
    expect(await readConnection()).toEqual({ baseUrl: ADDRESS, apiKey: '' });
  });

  it('never with a key saved for another origin', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: ADDRESS }, apiKey: { origin: 'https://elsewhere.example', key: KEY } });
    expect(await readConnection()).toEqual({ baseUrl: ADDRESS, apiKey: '' });
    expect(await area('local')).not.toContain(KEY);
  });

  it('with no connection at all: no service and no default', async () => {
    expect(await readServiceList()).toEqual({ services: [], defaultId: null });
    expect(await readService()).toBeNull();
  });

  it('once: two readers at the same moment make one service', async () => {
    await fakeBrowser.storage.local.set({ connection: { baseUrl: ADDRESS }, apiKey: { origin: ADDRESS, key: KEY } });
    await Promise.all([readServiceList(), readService(), readConnection()]);
    expect((await readServiceList()).services).toHaveLength(1);
  });
});

describe('several services', () => {
  const add = (n: number, apiKey = `key-${n}-0123456789ab`) =>
    writeService({ name: `Client ${n}`, baseUrl: `https://reports${n}.example`, apiKey, keyForSessionOnly: n % 2 === 1 });

  it('each keeps its own key, in the area it chose, for its own origin only', async () => {
    const first = await add(0);
    const second = await add(1);
    expect(await readService(first.id)).toMatchObject({ apiKey: 'key-0-0123456789ab' });
    expect(await readService(second.id)).toMatchObject({ apiKey: 'key-1-0123456789ab' });
    expect(await area('local')).not.toContain('key-1-');
    expect(await area('session')).not.toContain('key-0-');
    // A change of address leaves the key behind: it must be typed again for the new origin.
    await writeService({ ...second, baseUrl: 'https://moved.example', apiKey: '' });
    expect(await readService(second.id)).toMatchObject({ apiKey: '' });
    expect(await readService(first.id)).toMatchObject({ apiKey: 'key-0-0123456789ab' });
  });

  it('the first is the default until another is made the default; an unknown id changes nothing', async () => {
    const first = await add(0);
    const second = await add(1);
    expect(await readDefaultServiceId()).toBe(first.id);
    await writeDefaultServiceId(second.id);
    expect(await readDefaultServiceId()).toBe(second.id);
    await writeDefaultServiceId('gone');
    expect(await readDefaultServiceId()).toBe(second.id);
    expect((await readService())?.service.id).toBe(second.id);
  });

  it('removing one removes its key; removing the default makes the first left the default', async () => {
    const first = await add(0);
    const second = await add(1);
    await removeService(first.id);
    expect(await readService(first.id)).toBeNull();
    expect(await area('local')).not.toContain('key-0-');
    expect(await readDefaultServiceId()).toBe(second.id);
    await removeService(second.id);
    expect(await readServiceList()).toEqual({ services: [], defaultId: null });
    expect(await area('session')).not.toContain('key-1-');
  });

  it(`keeps at most ${SERVICES_MAX}, and a name within bounds`, async () => {
    for (let n = 0; n < SERVICES_MAX; n++) await add(n);
    await expect(add(SERVICES_MAX)).rejects.toBeInstanceOf(ServicesFullError);
    const { services } = await readServiceList();
    expect(services).toHaveLength(SERVICES_MAX);
    expect(await area('local')).not.toContain(`key-${SERVICES_MAX}-`);
    // An edit of one of them is still allowed.
    await writeService({ ...services[0]!, name: 'x'.repeat(500), apiKey: '' });
    expect((await readService(services[0]!.id))?.service.name).toHaveLength(60);
  });

  it('an empty name is the host of the address', async () => {
    const service = await writeService({ name: '  ', baseUrl: 'https://audit.client.example:8443/x', apiKey: '', keyForSessionOnly: false });
    expect(service.name).toBe('audit.client.example:8443');
  });

  it('a list written past the bound by hand is read back cut to it', async () => {
    const services = Array.from({ length: 15 }, (_, n) => ({
      id: `s${n}`,
      name: `S${n}`,
      baseUrl: `https://s${n}.example`,
      keyForSessionOnly: false,
    }));
    await fakeBrowser.storage.local.set({ services: { services: [...services, { id: 7 }], defaultId: 's0', revision: 1 } });
    expect((await readServiceList()).services).toHaveLength(SERVICES_MAX);
  });
});

describe('a service and its key read', () => {
  /** The list answers only once a key area is asked too, or after 300 ms: read one after the other, it would wait. */
  it('in one round trip: the keys are asked with the list', async () => {
    const id = (await writeService({ name: 'Agency', baseUrl: ADDRESS, apiKey: KEY, keyForSessionOnly: false })).id;
    const local = fakeBrowser.storage.local as unknown as { get: (keys: unknown) => Promise<Record<string, unknown>> };
    const get = local.get.bind(local);
    const asked = new Set<string>();
    let alongside = false;
    const spy = vi.spyOn(local, 'get').mockImplementation(async (keys) => {
      asked.add(String(keys));
      if (keys === 'services') {
        const started = Date.now();
        while (Date.now() - started < 300 && !asked.has('serviceKeys')) await new Promise((resolve) => setTimeout(resolve, 5));
        alongside = asked.has('serviceKeys');
      }
      return get(keys);
    });
    try {
      expect((await readService(id))?.apiKey).toBe(KEY);
      expect(alongside).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
