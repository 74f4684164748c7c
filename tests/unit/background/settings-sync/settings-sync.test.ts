import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { registerChangeAnnouncer } from '@/lib/background/connection';
import { registerSettingsSync } from '@/lib/background/settings-sync/settings-sync';
import { startOver } from '@/lib/background/start-work';
import { copyOf, SYNC_ITEM_MAX_BYTES, SYNC_WRITE_GAP_MS, syncBytesOf } from '@/lib/background/settings-sync/sync-copy';
import { servicesRemovedBy } from '@/lib/background/settings-sync/sync-merge';
import { originPattern } from '@/lib/shared/permission';
import {
  DEFAULT_WATCH_SETTINGS,
  readPreferences,
  readService,
  readServiceList,
  REMOVED_SERVICES_MAX,
  reportViews,
  SYNC_CLOCK_LEAD_MAX_MS,
  watches,
  watchSettings,
  writeDefaultServiceId,
  writePreferences,
  writeService,
} from '@/lib/storage';
import { installFakePermissions } from '../fake-permissions';
import { watchOf } from '../../support/watch';

const BASE = 'https://reports.example.com';
const OTHER = 'https://reports.client.example';
const KEY = 'secret-key-0123456789';
const OTHER_KEY = 'other-secret-key-98765';
const HOOK = 'https://hooks.example.com/secret-hook-path';
const handlers = () => createHandlers();

/** Every item this browser wrote to the sync area, with when. */
let writes: { at: number; items: Record<string, unknown> }[];
/** The sync area written as another browser of the account does: not counted among this browser's writes. */
let otherBrowserSets: (items: Record<string, unknown>) => Promise<void>;
/** The origins the fake browser holds a permission for. */
let granted: Set<string>;

beforeEach(async () => {
  fakeBrowser.reset();
  granted = installFakePermissions();
  registerChangeAnnouncer();
  // Forgets the policy read by an earlier test.
  await fakeBrowser.storage.managed.set({ reset: Date.now() });
  await fakeBrowser.storage.managed.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  registerSettingsSync();
  writes = [];
  const set = fakeBrowser.storage.sync.set.bind(fakeBrowser.storage.sync);
  otherBrowserSets = set;
  vi.spyOn(fakeBrowser.storage.sync, 'set').mockImplementation(((items: Record<string, unknown>) => {
    writes.push({ at: Date.now(), items: JSON.parse(JSON.stringify(items)) as Record<string, unknown> });
    return set(items);
  }) as typeof fakeBrowser.storage.sync.set);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The copies written to sync, oldest first. */
const copiesWritten = () => writes.flatMap((write) => ('settingsCopy' in write.items ? [write.items.settingsCopy as Record<string, unknown>] : []));
const syncedCopy = async () => (await fakeBrowser.storage.sync.get('settingsCopy')).settingsCopy as Record<string, unknown> | undefined;
/** Lets debounced writes and merges run. */
const settle = () => vi.advanceTimersByTimeAsync(3 * SYNC_WRITE_GAP_MS);

/** A copy as another browser of the account writes it. */
const copyFrom = (more: Record<string, unknown> = {}) => ({
  format: 'site-report-sync',
  version: 1,
  writtenAt: Date.now() + 60_000,
  preferences: { defaultPrivacy: 0 },
  services: [
    { id: 'other-browser-1', name: 'Agency', baseUrl: BASE, keyForSessionOnly: false },
    { id: 'other-browser-2', name: 'Client', baseUrl: OTHER, keyForSessionOnly: false },
  ],
  defaultId: 'other-browser-2',
  ...more,
});
/** Another browser's copy arriving through the account's sync. */
const arrives = async (copy: unknown) => {
  await otherBrowserSets({ settingsCopy: copy });
  await settle();
};

/** A browser with a service and its key, a webhook and a report kept: everything that must never reach sync. */
async function setUp() {
  await writeService({ name: 'Agency', baseUrl: BASE, apiKey: KEY, keyForSessionOnly: false });
  await watchSettings.write({ ...DEFAULT_WATCH_SETTINGS, webhook: { url: HOOK, kind: 'json' } });
  await reportViews.write([]);
  await writePreferences({ defaultPrivacy: 1 });
}

function expectNoSecretWritten() {
  expect(writes.length).toBeGreaterThan(0);
  for (const write of writes) {
    const text = JSON.stringify(write.items);
    for (const secret of [KEY, OTHER_KEY, HOOK, 'hooks.example.com', 'apiKey', 'webhook']) expect(text).not.toContain(secret);
    for (const [name, value] of Object.entries(write.items)) expect(syncBytesOf(value, name)).toBeLessThanOrEqual(SYNC_ITEM_MAX_BYTES);
  }
}

describe('writing this browser’s copy', () => {
  it('is off by default: nothing is copied to sync', async () => {
    await setUp();
    await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: true });
    await settle();
    expect(copiesWritten()).toEqual([]);
    expect(await handlers().getSettingsSync({})).toMatchObject({ enabled: false });
  });

  it('copies the services and the privacy, never a key, a webhook or a report, at every write', async () => {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
    await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: true });
    await settle();
    await writePreferences({ defaultPrivacy: 2 });
    await settle();
    expect(copiesWritten().length).toBeGreaterThanOrEqual(3);
    expectNoSecretWritten();
    const { services, defaultId } = await readServiceList();
    expect(await syncedCopy()).toEqual({
      format: 'site-report-sync',
      version: 1,
      writtenAt: expect.any(Number),
      preferences: { defaultPrivacy: 2 },
      services: services.map(({ id, name, baseUrl, keyForSessionOnly }) => ({ id, name, baseUrl, keyForSessionOnly })),
      defaultId,
    });
    expect(await handlers().getSettingsSync({})).toMatchObject({ enabled: true, problem: null, trimmed: 0 });
  });

  it('waits for changes to pause, and writes at most once every 2 s', async () => {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
    const before = copiesWritten().length;
    for (let i = 0; i < 10; i += 1) {
      await writePreferences({ defaultPrivacy: i % 2 === 0 ? 0 : 2 });
      await vi.advanceTimersByTimeAsync(500);
    }
    await settle();
    expect(copiesWritten().length - before).toBe(1);
    const times = writes.filter((write) => 'settingsCopy' in write.items).map((write) => write.at);
    expect(times.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(SYNC_WRITE_GAP_MS);
  });

  it('writes at the next start a change a stopped worker left unwritten, and nothing when there is none', async () => {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
    await settle();
    // A start with every change written writes nothing.
    const before = copiesWritten().length;
    startOver();
    await settle();
    expect(copiesWritten()).toHaveLength(before);
    await writePreferences({ defaultPrivacy: 0 });
    // The worker stops within the wait: its timer is gone, and nothing was written.
    vi.clearAllTimers();
    await settle();
    expect(copiesWritten()).toHaveLength(before);
    // Its next start.
    registerSettingsSync();
    startOver();
    await settle();
    expect(copiesWritten()).toHaveLength(before + 1);
    expect((await syncedCopy())!.preferences).toEqual({ defaultPrivacy: 0 });
    expectNoSecretWritten();
  });

  it('leaves out the services that would pass the 8 KB per item, and says how many', async () => {
    await setUp();
    for (let i = 0; i < 9; i += 1) {
      await writeService({ name: `Client ${i}`, baseUrl: `https://c${i}.example/${'p'.repeat(1800)}`, apiKey: KEY, keyForSessionOnly: false });
    }
    const view = await handlers().setSettingsSync({ enabled: true });
    expectNoSecretWritten();
    const copy = (await syncedCopy())!;
    expect(syncBytesOf(copy)).toBeLessThanOrEqual(SYNC_ITEM_MAX_BYTES);
    const kept = (copy.services as { baseUrl: string }[]).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    expect(view.trimmed).toBe(10 - kept);
    // The default is always first, so it is never the one left out.
    expect((copy.services as { id: string }[])[0]!.id).toBe((await readServiceList()).defaultId);
  });

  it('stops when turned off, and leaves the copy for the other browsers', async () => {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
    await handlers().setSettingsSync({ enabled: false });
    const before = copiesWritten().length;
    await writePreferences({ defaultPrivacy: 0 });
    await settle();
    expect(copiesWritten().length).toBe(before);
    expect(await syncedCopy()).toBeDefined();
  });
});

describe('the preferences', () => {
  const syncArea = () => fakeBrowser.storage.sync.get(null);

  it('stay in this browser: with sync off, nothing is written to sync', async () => {
    await setUp();
    await writePreferences({ defaultPrivacy: 2, badgeEnabled: true });
    await settle();
    expect(writes).toEqual([]);
    expect(await syncArea()).toEqual({});
    expect(await readPreferences()).toEqual({ defaultPrivacy: 2, badgeEnabled: true });
  });

  it('an earlier version kept in sync become this browser’s on update, never over its own, and the synced item stays', async () => {
    const former = { defaultPrivacy: 0, badgeEnabled: true };
    await otherBrowserSets({ preferences: former });
    expect(await readPreferences()).toEqual({ defaultPrivacy: 1, badgeEnabled: false });
    // A new install starts from the defaults.
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await settle();
    expect(await readPreferences()).toEqual({ defaultPrivacy: 1, badgeEnabled: false });

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await settle();
    expect(await readPreferences()).toEqual(former);
    await writePreferences({ defaultPrivacy: 2 });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' });
    await settle();
    expect(await readPreferences()).toEqual({ ...former, defaultPrivacy: 2 });
    // Left for the account's browsers still on the earlier version, and never written again.
    expect(await syncArea()).toEqual({ preferences: former });
    expect(writes).toEqual([]);
  });
});

describe('a copy from another browser', () => {
  async function syncing() {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
  }

  it('is merged: services matched by address keep their id and key, new ones come without a key, the newer default and privacy taken', async () => {
    await syncing();
    const agencyId = (await readServiceList()).defaultId!;
    const before = copiesWritten().length;
    const copy = copyFrom();
    await arrives(copy);
    const { services, defaultId } = await readServiceList();
    expect(services.map((s) => s.baseUrl)).toEqual([BASE, OTHER]);
    expect(services[0]!.id).toBe(agencyId);
    expect((await readService(agencyId))!.apiKey).toBe(KEY);
    expect((await readService('other-browser-2'))!.apiKey).toBe('');
    expect(defaultId).toBe('other-browser-2');
    expect((await readPreferences()).defaultPrivacy).toBe(0);
    const view = await handlers().getSettingsSync({});
    expect(view).toMatchObject({ problem: null, keysNeeded: ['Client'] });
    expect(view.readAt).toBe(copy.writtenAt);
    // Merging is no change of this browser's own: it writes nothing back.
    expect(copiesWritten().length).toBe(before);
    expectNoSecretWritten();
  });

  it('older than this browser’s last change: its services come, its default and privacy do not', async () => {
    await syncing();
    const agencyId = (await readServiceList()).defaultId!;
    await arrives(copyFrom({ writtenAt: 1 }));
    expect((await readServiceList()).services).toHaveLength(2);
    expect((await readServiceList()).defaultId).toBe(agencyId);
    expect((await readPreferences()).defaultPrivacy).toBe(1);
  });

  it('never brings a key, even when the copy holds one', async () => {
    await syncing();
    const services = [{ id: 'other-browser-2', name: 'Client', baseUrl: OTHER, keyForSessionOnly: false, apiKey: OTHER_KEY }];
    await arrives(copyFrom({ services }));
    expect((await readService('other-browser-2'))!.apiKey).toBe('');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(OTHER_KEY);
  });

  it.each([
    ['a service without an address', { services: [{ id: 'x', name: 'X', keyForSessionOnly: false }] }, 'bad-copy'],
    [
      'an address that is no web address',
      { services: [{ id: 'x', name: 'X', baseUrl: 'ftp://files.example', keyForSessionOnly: false }] },
      'bad-copy',
    ],
    [
      'plain http to another computer',
      { services: [{ id: 'x', name: 'X', baseUrl: 'http://reports.example', keyForSessionOnly: false }] },
      'bad-copy',
    ],
    ['a privacy that does not exist', { preferences: { defaultPrivacy: 7 } }, 'bad-copy'],
    [
      'more services than are kept',
      { services: Array.from({ length: 11 }, (_, i) => ({ id: `s${i}`, name: 'S', baseUrl: `https://s${i}.example`, keyForSessionOnly: false })) },
      'bad-copy',
    ],
    ['another format', { format: 'something-else' }, 'bad-copy'],
    ['a newer version', { version: 2 }, 'newer-copy'],
  ])('with %s, is ignored and named', async (_case, change, problem) => {
    await syncing();
    const before = { list: await readServiceList(), preferences: await readPreferences() };
    await arrives(copyFrom(change));
    expect(await readServiceList()).toEqual(before.list);
    expect(await readPreferences()).toEqual(before.preferences);
    expect((await handlers().getSettingsSync({})).problem).toBe(problem);
  });

  it('never changes the address the organisation locked', async () => {
    const ORG = 'https://reports.org.example';
    await fakeBrowser.storage.managed.set({ serviceAddress: ORG, lockServiceAddress: true });
    await handlers().getSettings({});
    await handlers().setSettingsSync({ enabled: true });
    const locked = (await readServiceList()).services[0]!;
    expect(locked.baseUrl).toBe(ORG);
    await arrives(copyFrom({ services: [{ ...locked, baseUrl: 'https://elsewhere.example' }], defaultId: locked.id }));
    expect((await readServiceList()).services).toEqual([locked]);
  });
});

describe('turning sync on with a copy there', () => {
  it('asks first, and changes nothing until answered', async () => {
    await setUp();
    const copy = copyFrom();
    await otherBrowserSets({ settingsCopy: copy });
    const view = await handlers().setSettingsSync({ enabled: true });
    expect(view.enabled).toBe(false);
    expect(view.choice).toEqual({ writtenAt: copy.writtenAt, services: 2 });
    expect((await readServiceList()).services).toHaveLength(1);
  });

  it('“Use the synced settings” merges them in and shares the result', async () => {
    await setUp();
    await otherBrowserSets({ settingsCopy: copyFrom() });
    const view = await handlers().setSettingsSync({ enabled: true, choice: 'useSynced' });
    expect(view).toMatchObject({ enabled: true, keysNeeded: ['Client'] });
    expect((await readServiceList()).defaultId).toBe('other-browser-2');
    expect((await readPreferences()).defaultPrivacy).toBe(0);
    expect(((await syncedCopy())!.services as unknown[]).length).toBe(2);
    expectNoSecretWritten();
  });

  it('“Replace them with this browser’s” writes this browser’s over them', async () => {
    await setUp();
    await otherBrowserSets({ settingsCopy: copyFrom() });
    await handlers().setSettingsSync({ enabled: true, choice: 'replaceSynced' });
    await settle();
    expect((await readServiceList()).services).toHaveLength(1);
    const copy = (await syncedCopy())!;
    expect(copy.services).toEqual([expect.objectContaining({ baseUrl: BASE, name: 'Agency' })]);
    expect(copy.preferences).toEqual({ defaultPrivacy: 1 });
  });

  it('a copy of a newer version is left as it is', async () => {
    await setUp();
    await otherBrowserSets({ settingsCopy: copyFrom({ version: 2 }) });
    const view = await handlers().setSettingsSync({ enabled: true });
    expect(view).toMatchObject({ enabled: true, problem: 'newer-copy' });
    expect((await syncedCopy())!.version).toBe(2);
  });
});

it('a default changed in this browser travels in the next copy', async () => {
  await setUp();
  const client = await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: false });
  await handlers().setSettingsSync({ enabled: true });
  await writeDefaultServiceId(client.id);
  await settle();
  expect((await syncedCopy())!.defaultId).toBe(client.id);
  expectNoSecretWritten();
});

describe('a service removed', () => {
  const SPARE = 'https://reports.spare.example';
  /** A browser with the Agency (the default), the Client and the Spare, each with its key, syncing. */
  async function withClient() {
    await setUp();
    const client = await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: true });
    const spare = await writeService({ name: 'Spare', baseUrl: SPARE, apiKey: KEY, keyForSessionOnly: false });
    for (const address of [BASE, OTHER, SPARE]) granted.add(originPattern(address));
    await handlers().setSettingsSync({ enabled: true });
    await settle();
    return { agency: (await readServiceList()).services[0]!, client, spare };
  }
  type Removal = { id: string; baseUrl: string; removedAt: number };
  /** A copy as another browser writes it after removing services: it holds the Agency only, under its own id. */
  const copyRemoving = (removed: Removal[], more: Record<string, unknown> = {}) =>
    copyFrom({ services: [{ id: 'other-browser-1', name: 'Agency', baseUrl: BASE, keyForSessionOnly: false }], defaultId: null, removed, ...more });
  const ids = async () => (await readServiceList()).services.map((s) => s.id);
  const storedText = async () => JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);

  it('here, with sync on, travels in the copy: its id, address and time, never its key', async () => {
    const { agency, client, spare } = await withClient();
    const removedAt = Date.now();
    await handlers().removeService({ id: client.id });
    await settle();
    const copy = (await syncedCopy())!;
    expect((copy.services as { id: string }[]).map((s) => s.id)).toEqual([agency.id, spare.id]);
    expect(copy.removed).toEqual([{ id: client.id, baseUrl: OTHER, removedAt }]);
    expectNoSecretWritten();
  });

  it('here, with sync off, is not recorded: only a removal made with sync on travels', async () => {
    await setUp();
    const client = await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: false });
    const spare = await writeService({ name: 'Spare', baseUrl: SPARE, apiKey: KEY, keyForSessionOnly: false });
    await handlers().removeService({ id: client.id });
    await handlers().setSettingsSync({ enabled: true });
    await handlers().removeService({ id: spare.id });
    await settle();
    expect((await syncedCopy())!.removed).toEqual([{ id: spare.id, baseUrl: SPARE, removedAt: expect.any(Number) }]);
  });

  it('in another browser, removes it here with its key and its permission; the first left becomes the default', async () => {
    const { agency, client, spare } = await withClient();
    await writeDefaultServiceId(client.id);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    // The other browser kept the Client under an id of its own: the removal stands for it by its address.
    await arrives(copyRemoving([{ id: 'other-browser-2', baseUrl: OTHER, removedAt: Date.now() }]));
    const { defaultId } = await readServiceList();
    expect(await ids()).toEqual([agency.id, spare.id]);
    expect(defaultId).toBe(agency.id);
    expect(await readService(client.id)).toBeNull();
    expect(await storedText()).not.toContain(OTHER_KEY);
    expect(granted.has(originPattern(OTHER))).toBe(false);
    // The ones left keep their keys.
    expect((await readService(agency.id))!.apiKey).toBe(KEY);
    expect((await readService(spare.id))!.apiKey).toBe(KEY);
    expect((await handlers().getSettingsSync({})).problem).toBeNull();
  });

  it('in another browser, named by its id, removes it here', async () => {
    const { agency, client, spare } = await withClient();
    await vi.advanceTimersByTimeAsync(60_000);
    await arrives(copyRemoving([{ id: client.id, baseUrl: OTHER, removedAt: Date.now() }]));
    expect(await ids()).toEqual([agency.id, spare.id]);
  });

  it('is carried on in this browser’s next copy, for the browsers that have not merged it yet', async () => {
    const { client } = await withClient();
    await vi.advanceTimersByTimeAsync(60_000);
    const removedAt = Date.now();
    await arrives(copyRemoving([{ id: client.id, baseUrl: OTHER, removedAt }]));
    await writePreferences({ defaultPrivacy: 2 });
    await settle();
    expect((await syncedCopy())!.removed).toEqual([{ id: client.id, baseUrl: OTHER, removedAt }]);
  });

  it('here, after another browser wrote a copy that still holds it, is not undone by that copy', async () => {
    const { client } = await withClient();
    const written = Date.now();
    await vi.advanceTimersByTimeAsync(1_000);
    await handlers().removeService({ id: client.id });
    await settle();
    // Written before the removal, arriving after it: the Agency and the Client, at their addresses.
    await arrives(copyFrom({ writtenAt: written }));
    expect((await readServiceList()).services.map((s) => s.baseUrl)).not.toContain(OTHER);
    expect((await readServiceList()).services.map((s) => s.baseUrl)).toContain(BASE);
  });

  it('before the service was added or changed here, leaves it', async () => {
    // Removed in the other browser just before the Client was added here.
    const removedAt = Date.now() - 1;
    const { client, spare } = await withClient();
    await vi.advanceTimersByTimeAsync(60_000);
    await arrives(
      copyRemoving([
        { id: client.id, baseUrl: OTHER, removedAt },
        { id: spare.id, baseUrl: SPARE, removedAt: Date.now() },
      ]),
    );
    expect(await ids()).toContain(client.id);
    expect(await ids()).not.toContain(spare.id);
    expect((await readService(client.id))!.apiKey).toBe(OTHER_KEY);

    // Changed here after a later removal: kept too.
    const later = Date.now() + 1000;
    await vi.advanceTimersByTimeAsync(5000);
    await writeService({ id: client.id, name: 'Client renamed', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: true });
    await arrives(copyRemoving([{ id: client.id, baseUrl: OTHER, removedAt: later }]));
    expect((await readServiceList()).services.map((s) => s.name)).toContain('Client renamed');
  });

  it('never removes the service at the address the organisation locked', async () => {
    const ORG = 'https://reports.org.example';
    await fakeBrowser.storage.managed.set({ serviceAddress: ORG, lockServiceAddress: true });
    await handlers().getSettings({});
    const spare = await writeService({ name: 'Spare', baseUrl: SPARE, apiKey: KEY, keyForSessionOnly: false });
    await handlers().setSettingsSync({ enabled: true });
    const locked = (await readServiceList()).services[0]!;
    expect(locked.baseUrl).toBe(ORG);
    await vi.advanceTimersByTimeAsync(60_000);
    await arrives(
      copyRemoving([
        { id: locked.id, baseUrl: ORG, removedAt: Date.now() },
        { id: spare.id, baseUrl: SPARE, removedAt: Date.now() },
      ]),
    );
    expect((await readServiceList()).services).toContainEqual(locked);
    expect(await ids()).not.toContain(spare.id);
  });

  it('leaves a service work is still going to', async () => {
    const { client, spare } = await withClient();
    await watches.write([watchOf('https://example.com/', { id: 'w-1', service: client.id, lastCheckAt: null })]);
    await vi.advanceTimersByTimeAsync(60_000);
    await arrives(
      copyRemoving([
        { id: client.id, baseUrl: OTHER, removedAt: Date.now() },
        { id: spare.id, baseUrl: SPARE, removedAt: Date.now() },
      ]),
    );
    expect(await ids()).toContain(client.id);
    expect(await ids()).not.toContain(spare.id);
    expect(await watches.read()).toHaveLength(1);
  });

  it('a service the copy holds again at the same address, under another id, stays', async () => {
    const { client, spare } = await withClient();
    await vi.advanceTimersByTimeAsync(60_000);
    const again = { id: 'other-browser-3', name: 'Client again', baseUrl: OTHER, keyForSessionOnly: false };
    const removals = [
      { id: client.id, baseUrl: OTHER, removedAt: Date.now() },
      { id: spare.id, baseUrl: SPARE, removedAt: Date.now() },
    ];
    await arrives(copyRemoving(removals, { services: [again] }));
    expect((await readServiceList()).services.find((s) => s.baseUrl === OTHER)).toMatchObject({ id: client.id, name: 'Client again' });
    expect(await ids()).not.toContain(spare.id);
  });

  it('the most recent removals are kept, at most 20, the latest first', async () => {
    await setUp();
    await handlers().setSettingsSync({ enabled: true });
    const removedIds: string[] = [];
    for (let i = 0; i < REMOVED_SERVICES_MAX + 5; i += 1) {
      const service = await writeService({ name: `Client ${i}`, baseUrl: `https://c${i}.example`, apiKey: KEY, keyForSessionOnly: false });
      await vi.advanceTimersByTimeAsync(10);
      await handlers().removeService({ id: service.id });
      removedIds.push(service.id);
    }
    await settle();
    const removed = (await syncedCopy())!.removed as { id: string }[];
    expect(REMOVED_SERVICES_MAX).toBe(20);
    expect(removed.map((entry) => entry.id)).toEqual(removedIds.slice(-REMOVED_SERVICES_MAX).reverse());
    expect(JSON.stringify(await fakeBrowser.storage.local.get('removedServices'))).not.toContain(removedIds[0]);
    expectNoSecretWritten();
  });

  it('a copy naming more removals than are kept is ignored and named', async () => {
    await withClient();
    const removed = Array.from({ length: REMOVED_SERVICES_MAX + 1 }, (_, i) => ({ id: `r${i}`, baseUrl: `https://r${i}.example`, removedAt: i }));
    await arrives(copyFrom({ removed }));
    expect((await handlers().getSettingsSync({})).problem).toBe('bad-copy');
    expect(await ids()).toHaveLength(3);
  });

  it('a copy without removals, as versions before write it, merges as before, and this browser’s removals travel on', async () => {
    const { agency, client, spare } = await withClient();
    await handlers().removeService({ id: client.id });
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    const copy = copyFrom({ services: [{ id: 'other-browser-1', name: 'Agency', baseUrl: BASE, keyForSessionOnly: false }], defaultId: null });
    expect(copy).not.toHaveProperty('removed');
    await arrives(copy);
    expect(await ids()).toEqual([agency.id, spare.id]);
    expect((await handlers().getSettingsSync({})).problem).toBeNull();
    await writePreferences({ defaultPrivacy: 2 });
    await settle();
    expect((await syncedCopy())!.removed).toEqual([{ id: client.id, baseUrl: OTHER, removedAt: expect.any(Number) }]);
  });

  describe('with this browser’s clock a minute behind the other’s', () => {
    // copyFrom dates the other browser's copies a minute ahead of this browser's clock.
    it('a change made here after its copy is merged is dated after that copy, so that browser takes its default and privacy', async () => {
      await withClient();
      const theirs = copyFrom();
      await arrives(theirs);
      await vi.advanceTimersByTimeAsync(1_000);
      await writePreferences({ defaultPrivacy: 2 });
      await settle();
      const ours = (await syncedCopy())!;
      expect(ours.preferences).toEqual({ defaultPrivacy: 2 });
      expect(ours.writtenAt).toBeGreaterThan(theirs.writtenAt);
    });

    it('a service removed here after its copy is merged is removed there too, where the copy had dated it', async () => {
      const { client } = await withClient();
      const theirs = copyFrom();
      await arrives(theirs);
      await vi.advanceTimersByTimeAsync(1_000);
      await handlers().removeService({ id: client.id });
      await settle();
      const removal = ((await syncedCopy())!.removed as Removal[])[0]!;
      expect(removal).toMatchObject({ id: client.id, baseUrl: OTHER });
      // That browser dated its Client no later than its copy: the removal, being later, removes it there.
      const kept = [{ id: 'other-browser-2', name: 'Client', baseUrl: OTHER, keyForSessionOnly: false }];
      expect(servicesRemovedBy({ services: [], removed: [removal] }, kept, { 'other-browser-2': theirs.writtenAt }, null)).toEqual([
        'other-browser-2',
      ]);
    });

    it('a service added here again after that browser removed it stays when its copy comes again', async () => {
      const { client } = await withClient();
      const removedAt = Date.now() + 60_000;
      await arrives(copyRemoving([{ id: client.id, baseUrl: OTHER, removedAt }], { writtenAt: removedAt }));
      expect(await ids()).not.toContain(client.id);
      await vi.advanceTimersByTimeAsync(1_000);
      const added = await writeService({ name: 'Client', baseUrl: OTHER, apiKey: OTHER_KEY, keyForSessionOnly: false });
      await settle();
      // That browser writes again, its removal carried on, before it merges this one's copy: the removal stands for
      // the Client added again by its address, and is older than it.
      await arrives(copyRemoving([{ id: client.id, baseUrl: OTHER, removedAt }], { writtenAt: removedAt + 5_000 }));
      expect(await ids()).toContain(added.id);
    });

    it('a copy dated a year ahead moves this browser’s times a day ahead at most', async () => {
      await withClient();
      await arrives(copyFrom({ writtenAt: Date.now() + 365 * 86_400_000 }));
      await writePreferences({ defaultPrivacy: 2 });
      await settle();
      expect((await syncedCopy())!.writtenAt).toBeLessThanOrEqual(Date.now() + SYNC_CLOCK_LEAD_MAX_MS);
      expect(SYNC_CLOCK_LEAD_MAX_MS).toBe(86_400_000);
    });
  });
});

describe('the copy with removals', () => {
  const preferences = { defaultPrivacy: 1 as const, badgeEnabled: false };
  const long = (host: string) => `https://${host}.example/${'p'.repeat(1800)}`;
  const servicesAt = (count: number, address: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => ({ id: `s${i}`, name: `S ${i}`, baseUrl: address(i), keyForSessionOnly: false }));
  const removalsAt = (count: number, address: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => ({ id: `r${i}`, baseUrl: address(i), removedAt: 1000 - i }));

  it('carries them all when they fit, and none of a service the list holds again', () => {
    const services = servicesAt(3, (i) => `https://s${i}.example`);
    const removed = [
      ...removalsAt(REMOVED_SERVICES_MAX - 1, (i) => `https://r${i}.example`),
      { id: 's1', baseUrl: 'https://s1.example', removedAt: 1 },
    ];
    const { copy, trimmed } = copyOf({ services, defaultId: 's0' }, preferences, 5, removed);
    expect(trimmed).toBe(0);
    expect(copy.removed).toEqual(removed.slice(0, -1));
    expect(syncBytesOf(copy)).toBeLessThanOrEqual(SYNC_ITEM_MAX_BYTES);
  });

  it('stays within the 8 KB per item: services are left out as before, removals fill the room left, the latest first', () => {
    const services = servicesAt(9, (i) => long(`s${i}`));
    const removed = removalsAt(REMOVED_SERVICES_MAX, (i) => long(`r${i}`));
    const without = copyOf({ services, defaultId: 's0' }, preferences, 5);
    const { copy, trimmed } = copyOf({ services, defaultId: 's0' }, preferences, 5, removed);
    expect(syncBytesOf(copy)).toBeLessThanOrEqual(SYNC_ITEM_MAX_BYTES);
    expect(trimmed).toBe(without.trimmed);
    expect(trimmed).toBeGreaterThan(0);
    expect(copy.services).toEqual(without.copy.services);

    const short = removalsAt(REMOVED_SERVICES_MAX, (i) => `https://r${i}.example`);
    const filled = copyOf({ services, defaultId: 's0' }, preferences, 5, short).copy;
    expect(syncBytesOf(filled)).toBeLessThanOrEqual(SYNC_ITEM_MAX_BYTES);
    expect(filled.removed!.length).toBeGreaterThan(0);
    expect(filled.removed).toEqual(short.slice(0, filled.removed!.length));
  });
});
