import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { registerChangeAnnouncer } from '@/lib/background/connection';
import { readManagedPolicy } from '@/lib/background/managed/managed-policy';
import { readConnection, readPreferences, readServiceList, writeConnection, writePreferences } from '@/lib/storage';
import { installFakePermissions } from '../fake-permissions';

const ORG = 'https://reports.org.example';
const handlers = () => createHandlers();

/** Sets the browser's managed area as a policy would; the background hears of it as of a policy changed. */
const setPolicy = (values: Record<string, unknown>) => fakeBrowser.storage.managed.set(values);

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions();
  registerChangeAnnouncer();
  // Forgets the policy read by an earlier test.
  await setPolicy({ reset: Date.now() });
  await fakeBrowser.storage.managed.clear();
  await setPolicy({});
});

describe('the policy as read', () => {
  it.each([
    [{}, { serviceAddress: null, serviceName: null, lockServiceAddress: false, defaultPrivacy: null, ignored: [] }],
    [
      { serviceAddress: `${ORG}/`, serviceName: 'Org reports', lockServiceAddress: true, defaultPrivacy: 1 },
      { serviceAddress: ORG, serviceName: 'Org reports', lockServiceAddress: true, defaultPrivacy: 1, ignored: [] },
    ],
    // A lock without an address locks nothing.
    [{ lockServiceAddress: true }, { serviceAddress: null, serviceName: null, lockServiceAddress: false, defaultPrivacy: null, ignored: [] }],
  ])('takes usable values: %j', (area, policy) => {
    expect(readManagedPolicy(area)).toEqual(policy);
  });

  it.each([
    ['an address that is no web address', { serviceAddress: 'ftp://files.example' }, ['serviceAddress']],
    ['plain http to another computer', { serviceAddress: 'http://reports.org.example' }, ['serviceAddress']],
    ['an address of another type', { serviceAddress: 42 }, ['serviceAddress']],
    ['an endless address', { serviceAddress: `https://a.example/${'x'.repeat(3000)}` }, ['serviceAddress']],
    ['a privacy that does not exist', { defaultPrivacy: 7 }, ['defaultPrivacy']],
    ['a lock that is no yes or no', { serviceAddress: ORG, lockServiceAddress: 'yes' }, ['lockServiceAddress']],
    ['a name too long', { serviceName: 'n'.repeat(101) }, ['serviceName']],
  ])('ignores and names %s, keeping the rest', (_case, area, ignored) => {
    const policy = readManagedPolicy({ ...area, defaultPrivacy: (area as { defaultPrivacy?: unknown }).defaultPrivacy ?? 0 });
    expect(policy.ignored).toEqual(ignored);
    if (!ignored.includes('defaultPrivacy')) expect(policy.defaultPrivacy).toBe(0);
  });
});

describe('the policy applied', () => {
  it('without a policy, the options page shows nothing managed', async () => {
    expect((await handlers().getSettings({})).managed).toBeUndefined();
  });

  it('presets the service: it appears with no key, and the options page says it is the organisation’s', async () => {
    await setPolicy({ serviceAddress: ORG, serviceName: 'Org reports' });
    const settings = await handlers().getSettings({});
    expect(settings).toMatchObject({ baseUrl: ORG, keySet: false });
    expect(settings.managed).toEqual({ serviceAddress: true, serviceName: 'Org reports', addressLocked: false, defaultPrivacy: false, ignored: [] });
    expect(await readConnection()).toEqual({ baseUrl: ORG, apiKey: '' });
  });

  it('a preset address not locked is the user’s to change, and stays changed', async () => {
    await setPolicy({ serviceAddress: ORG });
    await handlers().getSettings({});
    await writeConnection({ baseUrl: 'https://mine.example', apiKey: 'my-own-key-0123456' });
    await setPolicy({ serviceAddress: ORG, serviceName: 'Renamed' });
    expect((await handlers().getSettings({})).baseUrl).toBe('https://mine.example');
  });

  it('a locked address is put back, and a save of another address is refused', async () => {
    await writeConnection({ baseUrl: 'https://mine.example', apiKey: 'my-own-key-0123456' });
    await setPolicy({ serviceAddress: ORG, lockServiceAddress: true });
    expect(await handlers().getSettings({})).toMatchObject({ baseUrl: ORG, keySet: false, managed: { addressLocked: true } });
    await expect(handlers().saveConnection({ baseUrl: 'https://mine.example', apiKey: 'my-own-key-0123456' })).rejects.toMatchObject({
      kind: 'validation',
      message: 'Your organisation set this service address: it cannot be changed here.',
    });
    expect((await readConnection())?.baseUrl).toBe(ORG);
  });

  it('keeps the key saved for the same origin when it presets the address', async () => {
    await writeConnection({ baseUrl: `${ORG}/old-path`, apiKey: 'org-key-0123456789' });
    await setPolicy({ serviceAddress: ORG, lockServiceAddress: true });
    expect(await handlers().getSettings({})).toMatchObject({ baseUrl: ORG, keySet: true });
  });

  it('presets the default privacy once per value: the user may change it, a new value presets again', async () => {
    await setPolicy({ defaultPrivacy: 0 });
    expect((await handlers().getSettings({})).preferences.defaultPrivacy).toBe(0);
    await writePreferences({ defaultPrivacy: 2 });
    await setPolicy({ defaultPrivacy: 0, serviceName: 'unrelated change' });
    expect((await handlers().getSettings({})).preferences.defaultPrivacy).toBe(2);
    await setPolicy({ defaultPrivacy: 1 });
    expect((await handlers().getSettings({})).managed).toMatchObject({ defaultPrivacy: true });
    expect((await readPreferences()).defaultPrivacy).toBe(1);
  });

  it('reports bad values to the options page and applies the good ones', async () => {
    await setPolicy({ serviceAddress: 'not an address', defaultPrivacy: 1, lockServiceAddress: 'please' });
    const settings = await handlers().getSettings({});
    expect(settings.managed).toEqual({
      serviceAddress: false,
      serviceName: null,
      addressLocked: false,
      defaultPrivacy: true,
      ignored: ['lockServiceAddress', 'serviceAddress'],
    });
    expect(settings.baseUrl).toBeNull();
    expect(settings.preferences.defaultPrivacy).toBe(1);
  });

  it('a settings file cannot move the service at a locked address: that service is named and left out, the others apply', async () => {
    await setPolicy({ serviceAddress: ORG, lockServiceAddress: true });
    await handlers().getSettings({});
    const locked = (await readServiceList()).defaultId!;
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      services: [
        { id: locked, name: 'mine', baseUrl: 'https://mine.example', keyForSessionOnly: false },
        { id: 'client-a', name: 'Client A', baseUrl: 'https://reports.client-a.example', keyForSessionOnly: false },
      ],
      preferences: { defaultPrivacy: 2, badgeEnabled: false },
    });
    const preview = await handlers().previewImport({ text });
    expect(preview.parts.map((part) => [part.part, part.state, ...part.lines])).toEqual([
      [
        'services',
        'changes',
        'adds Client A (reports.client-a.example)',
        'API key needed for Client A: type it in Services',
        'Your organisation set this service address: it cannot be changed here.',
      ],
      ['preferences', 'changes', 'changes 1 setting'],
    ]);
    expect(preview.serviceAddresses).toEqual(['https://reports.client-a.example']);
    expect((await handlers().applyImport({ text })).applied).toEqual(['services', 'preferences']);
    expect((await readConnection())?.baseUrl).toBe(ORG);
    expect((await readServiceList()).services.map((service) => service.baseUrl)).toEqual([ORG, 'https://reports.client-a.example']);
  });
});

describe('the policy read on a worker’s first page state', () => {
  /**
   * The managed area answers only once what was preset last and the window's service are being read too, or after
   * 300 ms: read one after another, the page state would wait for that timer.
   */
  it('is read alongside what was preset last and the window’s service, not before them', async () => {
    await setPolicy({ defaultPrivacy: 1 });
    const asked = new Set<string>();
    type Area = { get: (keys: unknown) => Promise<Record<string, unknown>> };
    const areas = fakeBrowser.storage as unknown as Record<'local' | 'session' | 'managed', Area>;
    const note = (area: 'local' | 'session') => {
      const get = areas[area].get.bind(areas[area]);
      return vi.spyOn(areas[area], 'get').mockImplementation((keys) => {
        asked.add(`${area}:${String(keys)}`);
        return get(keys);
      });
    };
    const spies = [note('local'), note('session')];
    const managedGet = areas.managed.get.bind(areas.managed);
    let alongside = false;
    spies.push(
      vi.spyOn(areas.managed, 'get').mockImplementation(async (keys) => {
        const started = Date.now();
        while (Date.now() - started < 300 && !(asked.has('local:managedApplied') && asked.has('session:popupServiceByWindow')))
          await new Promise((resolve) => setTimeout(resolve, 5));
        alongside = asked.has('local:managedApplied') && asked.has('session:popupServiceByWindow');
        return managedGet(keys);
      }),
    );
    try {
      const state = await handlers().getPageState({ url: 'https://example.com/page', windowId: 1 });
      expect(state.settings.preferences.defaultPrivacy).toBe(1);
      expect(alongside).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
