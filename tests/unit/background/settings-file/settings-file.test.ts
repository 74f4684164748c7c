import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import type { Watch } from '@/lib/protocol';
import {
  readConnection,
  readHandover,
  readService,
  readServiceList,
  removeService,
  writeService,
  readPreferences,
  siteLimits,
  watches,
  watchSettings,
  writeAgency,
  writeConnection,
  writePreferences,
  writeTracker,
  DEFAULT_WATCH_SETTINGS,
} from '@/lib/storage';
import { originPattern } from '@/lib/shared/permission';
import { installFakePermissions } from '../fake-permissions';
import { watchOf } from '../../support/watch';

const BASE = 'https://reports.example.com';
const KEY = 'secret-key-0123456789';
const handlers = () => createHandlers();

const limits = (more: object = {}) => ({ minScore: null, noHighFailed: false, categories: [], checks: [], ...more });

const accepted = (check: string, more: object = {}) => ({
  id: `a-${check}`,
  project: 'example.com',
  check,
  address: null,
  reason: 'Known',
  until: null,
  createdAt: 1_700_000_000_000,
  ...more,
});

let granted: Set<string>;
beforeEach(() => {
  fakeBrowser.reset();
  granted = installFakePermissions();
});

/** A browser set up with one of everything a settings file carries. */
async function setUp() {
  granted.add(originPattern(BASE));
  await writeConnection({ baseUrl: BASE, apiKey: KEY });
  await writePreferences({ defaultPrivacy: 0, badgeEnabled: true });
  await writeAgency({ name: 'Acme Agency', logo: null });
  await writeTracker('example.com', { kind: 'github', repo: 'https://github.com/acme/site' });
  await siteLimits.write({ limits: { 'example.com': limits({ minScore: 80 }) }, accepted: [accepted('title')] });
  await watches.write([watchOf('https://example.com/'), watchOf('https://example.com/shop', { every: 'daily', paused: true })]);
  await watchSettings.write({ ...DEFAULT_WATCH_SETTINGS, scoreDrop: 9, webhook: { url: 'https://hooks.example.com/x', kind: 'json' } });
}

async function everything() {
  const [connection, preferences, handover, limitsState, watchList, alerts] = await Promise.all([
    readConnection(),
    readPreferences(),
    readHandover(),
    siteLimits.read(),
    watches.read(),
    watchSettings.read(),
  ]);
  return {
    connection,
    preferences,
    handover,
    limitsState,
    watches: watchList.map(({ lastCheckAt: _, ...rest }) => rest),
    alerts: { scoreDrop: alerts.scoreDrop, webhook: alerts.webhook },
  };
}

const fileOf = (text: string) => JSON.parse(text) as Record<string, unknown>;
const withPart = (text: string, part: string, value: unknown) => JSON.stringify({ ...fileOf(text), [part]: value });

describe('export', () => {
  it('names its format and version and carries every user setting, but no key by default', async () => {
    await setUp();
    const { fileName, text } = await handlers().exportSettings({ includeKeys: false });
    expect(fileName).toMatch(/^site-report-settings-\d{4}-\d{2}-\d{2}\.json$/);
    expect(text).not.toContain(KEY);
    const file = fileOf(text);
    expect(file).toMatchObject({ format: 'site-report-settings', version: 1, withKeys: false });
    const { defaultId } = await readServiceList();
    expect(file.services).toEqual([{ id: defaultId, name: 'reports.example.com', baseUrl: BASE, keyForSessionOnly: false }]);
    expect(file.defaultService).toBe(defaultId);
    expect(Object.keys(file).sort()).toEqual(
      [
        'format',
        'version',
        'exportedAt',
        'withKeys',
        'defaultService',
        'services',
        'preferences',
        'agency',
        'trackers',
        'siteLimits',
        'accepted',
        'watches',
        'watchSettings',
      ].sort(),
    );
    // State of the watches' alerts is no setting, and the webhook's address can work as a password: only the score drop travels.
    expect(file.watchSettings).toEqual({ scoreDrop: 9 });
    expect(text).not.toContain('hooks.example.com');
  });

  it('carries the key only when asked, and then says so in its name and content', async () => {
    await setUp();
    const { fileName, text } = await handlers().exportSettings({ includeKeys: true });
    expect(fileName).toMatch(/-with-keys\.json$/);
    expect(fileOf(text)).toMatchObject({
      withKeys: true,
      services: [{ apiKey: KEY }],
      watchSettings: { scoreDrop: 9, webhook: { url: 'https://hooks.example.com/x', kind: 'json' } },
    });
  });

  it('a file without keys leaves the webhook in place; one with keys sets it', async () => {
    await setUp();
    const without = (await handlers().exportSettings({ includeKeys: false })).text;
    const withKeys = (await handlers().exportSettings({ includeKeys: true })).text;
    const other = { url: 'https://other-hooks.example.com/y', kind: 'slack' as const };
    await watchSettings.write({ ...DEFAULT_WATCH_SETTINGS, scoreDrop: 9, webhook: other });
    expect((await handlers().previewImport({ text: without })).applicable).toBe(0);
    await handlers().applyImport({ text: without });
    expect((await watchSettings.read()).webhook).toEqual(other);
    const part = (await handlers().previewImport({ text: withKeys })).parts.find((entry) => entry.part === 'watchSettings')!;
    expect(part.lines).toEqual(['changes 1 setting']);
    await handlers().applyImport({ text: withKeys });
    expect((await watchSettings.read()).webhook).toEqual({ url: 'https://hooks.example.com/x', kind: 'json' });
  });

  it('without a key or webhook saved, a file asked with keys holds none and is named as one without', async () => {
    await setUp();
    await writeConnection({ baseUrl: BASE, apiKey: '' });
    await watchSettings.write({ ...DEFAULT_WATCH_SETTINGS, scoreDrop: 9 });
    const { fileName, text } = await handlers().exportSettings({ includeKeys: true });
    expect(fileName).not.toContain('with-keys');
    expect(fileOf(text).withKeys).toBe(false);
  });
});

describe('import', () => {
  it('round trip: settings changed after an export come back as they were', async () => {
    await setUp();
    const before = await everything();
    const { text } = await handlers().exportSettings({ includeKeys: false });

    await writePreferences({ defaultPrivacy: 2, badgeEnabled: false });
    await writeAgency({ name: 'Other', logo: null });
    await writeTracker('example.com', { kind: 'jira' });
    await siteLimits.write({ limits: { 'example.com': limits({ minScore: 10 }) }, accepted: [] });
    await watches.write([watchOf('https://example.com/', { every: 'monthly' })]);
    await watchSettings.write({ ...(await watchSettings.read()), scoreDrop: 30 });

    const preview = await handlers().previewImport({ text });
    expect(preview.applicable).toBe(7);
    const { applied } = await handlers().applyImport({ text });
    expect(applied).toEqual(['preferences', 'agency', 'trackers', 'siteLimits', 'accepted', 'watches', 'watchSettings']);
    expect(await everything()).toEqual(before);
    // The key stayed: the address did not change.
    expect((await readConnection())?.apiKey).toBe(KEY);
    // Applied again, nothing is left to change.
    expect((await handlers().previewImport({ text })).applicable).toBe(0);
  });

  it('sets up another browser but for the key, unless the file carries it', async () => {
    await setUp();
    const without = (await handlers().exportSettings({ includeKeys: false })).text;
    const withKeys = (await handlers().exportSettings({ includeKeys: true })).text;

    fakeBrowser.reset();
    granted = installFakePermissions();
    const preview = await handlers().previewImport({ text: without });
    const service = preview.parts.find((part) => part.part === 'services')!;
    expect(service.lines).toEqual(['adds reports.example.com (reports.example.com)', 'API key needed for reports.example.com: type it in Services']);
    // The extension may not reach the new address yet: the click that applies asks.
    expect(preview.serviceAddresses).toEqual([BASE]);
    await handlers().applyImport({ text: without });
    expect(await readConnection()).toEqual({ baseUrl: BASE, apiKey: '' });

    fakeBrowser.reset();
    installFakePermissions();
    const keyed = await handlers().previewImport({ text: withKeys });
    expect(keyed.withKeys).toBe(true);
    expect(keyed.parts.find((part) => part.part === 'services')!.lines).toEqual(['adds reports.example.com (reports.example.com)']);
    await handlers().applyImport({ text: withKeys });
    expect(await readConnection()).toEqual({ baseUrl: BASE, apiKey: KEY });
  });

  it('says what it would change, part by part, with counts and names', async () => {
    await setUp();
    const { text } = await handlers().exportSettings({ includeKeys: false });
    const file = fileOf(text);
    const changed = JSON.stringify({
      ...file,
      preferences: { defaultPrivacy: 1, badgeEnabled: false },
      siteLimits: { 'example.com': limits({ minScore: 95 }), 'shop.example': limits({ noHighFailed: true }) },
      watches: [...(file.watches as Watch[]), watchOf('https://example.com/a'), watchOf('https://example.com/b')],
      accepted: ['a', 'b', 'c', 'd'].map((check) => accepted(check, { project: 'other.example' })),
    });
    const preview = await handlers().previewImport({ text: changed });
    const lines = Object.fromEntries(preview.parts.map((part) => [part.part, [part.state, ...part.lines]]));
    expect(lines).toEqual({
      services: ['same', 'No change.'],
      preferences: ['changes', 'changes 2 settings'],
      agency: ['same', 'No change.'],
      trackers: ['same', 'No change.'],
      siteLimits: ['changes', 'adds shop.example', 'replaces example.com'],
      accepted: ['changes', 'adds 4'],
      watches: ['changes', 'adds https://example.com/a, https://example.com/b'],
      watchSettings: ['same', 'No change.'],
    });
    expect(preview.applicable).toBe(4);
    // Nothing is written before Apply.
    expect((await siteLimits.read()).limits['shop.example']).toBeUndefined();
  });

  it('merges: entries of the file add or replace, the others stay; a watch keeps what its checks found', async () => {
    await setUp();
    const found = { reportId: 7, score: 80, delta: null, verdict: 'steady' as const, at: 1 };
    await watches.write([watchOf('https://example.com/', { last: found }), watchOf('https://example.com/kept')]);
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      watches: [watchOf('https://example.com/', { every: 'daily', hour: 3 }), watchOf('https://example.com/new')],
    });
    await handlers().applyImport({ text });
    const list = await watches.read();
    expect(list.map((w) => [w.url, w.every, w.hour])).toEqual([
      ['https://example.com/', 'daily', 3],
      ['https://example.com/kept', 'weekly', 9],
      ['https://example.com/new', 'weekly', 9],
    ]);
    expect(list[0]!.last).toEqual(found);
    // A watch added is checked from now on, not at once for the slots its file missed.
    expect(list[2]!.lastCheckAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('leaves out what passes a bound, and says so', async () => {
    await watches.write(Array.from({ length: 199 }, (_, i) => watchOf(`https://example.com/${i}`)));
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      watches: [watchOf('https://new.example/1'), watchOf('https://new.example/2')],
    });
    const part = (await handlers().previewImport({ text })).parts[0]!;
    expect(part.lines).toEqual(['adds https://new.example/1', 'leaves out 1: at most 200 are kept']);
    await handlers().applyImport({ text });
    expect(await watches.read()).toHaveLength(200);
  });
});

const CLIENT = 'https://reports.client-a.example';
const CLIENT_KEY = 'client-key-0123456789';

/** The set-up browser with a second service, Client A, and a watch that checks on it. */
async function setUpTwo() {
  await setUp();
  granted.add(originPattern(CLIENT));
  const client = await writeService({ name: 'Client A', baseUrl: CLIENT, apiKey: CLIENT_KEY, keyForSessionOnly: true });
  await watches.update((list) => [...list, watchOf('https://client-a.example/', { service: client.id })]);
  const agency = (await readServiceList()).defaultId!;
  await writeService({ id: agency, name: 'Agency', baseUrl: BASE, apiKey: KEY, keyForSessionOnly: false });
  return { client: client.id, agency };
}

const servicesPart = async (text: string) => (await handlers().previewImport({ text })).parts.find((part) => part.part === 'services')!;

describe('services', () => {
  it('export carries every service, the default first and named; keys only when asked', async () => {
    const { client, agency } = await setUpTwo();
    const without = fileOf((await handlers().exportSettings({ includeKeys: false })).text);
    expect(without.defaultService).toBe(agency);
    expect(without.services).toEqual([
      { id: agency, name: 'Agency', baseUrl: BASE, keyForSessionOnly: false },
      { id: client, name: 'Client A', baseUrl: CLIENT, keyForSessionOnly: true },
    ]);
    const withKeys = fileOf((await handlers().exportSettings({ includeKeys: true })).text);
    expect(withKeys.services).toEqual([
      { id: agency, name: 'Agency', baseUrl: BASE, keyForSessionOnly: false, apiKey: KEY },
      { id: client, name: 'Client A', baseUrl: CLIENT, keyForSessionOnly: true, apiKey: CLIENT_KEY },
    ]);
  });

  it('round trip without keys: a removed service comes back with its id, its key needed; the kept one keeps its key', async () => {
    const { client, agency } = await setUpTwo();
    const { text } = await handlers().exportSettings({ includeKeys: false });
    await removeService(client);
    await writeService({ id: agency, name: 'Renamed', baseUrl: BASE, apiKey: KEY, keyForSessionOnly: false });
    expect((await servicesPart(text)).lines).toEqual([
      'adds Client A (reports.client-a.example)',
      'replaces Agency',
      'API key needed for Client A: type it in Services',
    ]);
    await handlers().applyImport({ text });
    const { services, defaultId } = await readServiceList();
    expect(defaultId).toBe(agency);
    expect(services.map((service) => [service.id, service.name, service.baseUrl, service.keyForSessionOnly])).toEqual([
      [agency, 'Agency', BASE, false],
      [client, 'Client A', CLIENT, true],
    ]);
    expect((await readService(agency))?.apiKey).toBe(KEY);
    expect((await readService(client))?.apiKey).toBe('');
    // The watch on Client A still points at it.
    expect((await watches.read()).find((entry) => entry.url === 'https://client-a.example/')?.service).toBe(client);
    expect((await servicesPart(text)).state).toBe('same');
  });

  it('round trip with keys into a browser with no service: both services, each with its own key, the file’s default', async () => {
    const { client, agency } = await setUpTwo();
    const { text } = await handlers().exportSettings({ includeKeys: true });
    fakeBrowser.reset();
    granted = installFakePermissions();
    const preview = await handlers().previewImport({ text });
    expect(preview.parts.find((part) => part.part === 'services')!.lines).toEqual([
      'adds Agency (reports.example.com), Client A (reports.client-a.example)',
    ]);
    expect(preview.serviceAddresses).toEqual([BASE, CLIENT]);
    await handlers().applyImport({ text });
    expect((await readServiceList()).defaultId).toBe(agency);
    expect((await readService(agency))?.apiKey).toBe(KEY);
    expect((await readService(client))?.apiKey).toBe(CLIENT_KEY);
    expect((await readService(client))?.service.keyForSessionOnly).toBe(true);
  });

  it('matches a kept service by id, else by address; watches follow the service they are kept by', async () => {
    const { agency } = await setUpTwo();
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      services: [
        // Another browser's id for the same address.
        { id: 'elsewhere-agency', name: 'Agency HQ', baseUrl: BASE, keyForSessionOnly: false },
      ],
      watches: [
        watchOf('https://example.com/hq', { service: 'elsewhere-agency' }),
        watchOf('https://example.com/lost', { service: 'not-anywhere' }),
        // An id that is a name every plain object answers to.
        watchOf('https://example.com/odd', { service: 'constructor' }),
      ],
    });
    const preview = await handlers().previewImport({ text });
    const lines = Object.fromEntries(preview.parts.map((part) => [part.part, part.lines]));
    expect(lines.services).toEqual(['replaces Agency HQ']);
    expect(lines.watches).toEqual(['adds https://example.com/hq', 'leaves out 2: their service is neither in the file nor kept']);
    await handlers().applyImport({ text });
    const { services } = await readServiceList();
    expect(services.map((service) => [service.id, service.name])).toContainEqual([agency, 'Agency HQ']);
    expect(services).toHaveLength(2);
    // Same address: its key stays.
    expect((await readService(agency))?.apiKey).toBe(KEY);
    const list = await watches.read();
    expect(list.find((entry) => entry.url === 'https://example.com/hq')?.service).toBe(agency);
    expect(list.some((entry) => entry.url === 'https://example.com/lost' || entry.url === 'https://example.com/odd')).toBe(false);
  });

  it('a key in the file is bound to its own service’s origin, and a moved service without one needs it typed', async () => {
    const { client, agency } = await setUpTwo();
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      services: [
        { id: agency, name: 'Agency', baseUrl: 'https://moved.example.com', keyForSessionOnly: false },
        { id: client, name: 'Client A', baseUrl: CLIENT, keyForSessionOnly: false, apiKey: 'new-client-key-012345' },
      ],
    });
    expect((await servicesPart(text)).lines).toEqual(['replaces Agency, Client A', 'API key needed for Agency: type it in Services']);
    await handlers().applyImport({ text });
    expect((await readService(agency))?.apiKey).toBe('');
    expect((await readService(client))?.apiKey).toBe('new-client-key-012345');
  });

  it('adds services up to the most kept, and counts those left out', async () => {
    await setUp();
    for (let index = 1; index < 9; index++) {
      await writeService({ name: `Kept ${index}`, baseUrl: `https://kept-${index}.example`, apiKey: '', keyForSessionOnly: false });
    }
    const text = JSON.stringify({
      format: 'site-report-settings',
      version: 1,
      services: [1, 2].map((index) => ({
        id: `new-${index}`,
        name: `New ${index}`,
        baseUrl: `https://new-${index}.example`,
        keyForSessionOnly: false,
      })),
    });
    expect((await servicesPart(text)).lines).toEqual([
      'adds New 1 (new-1.example)',
      'API key needed for New 1: type it in Services',
      'leaves out 1: at most 10 are kept',
    ]);
    await handlers().applyImport({ text });
    const { services } = await readServiceList();
    expect(services).toHaveLength(10);
    expect(services.at(-1)?.id).toBe('new-1');
  });
});

describe('a bad file', () => {
  it.each([
    ['not JSON', '{"format": "site-report-settings", ', 'This is not a settings file: its content is not JSON.'],
    ['JSON of another kind', '[1, 2, 3]', 'This is not a Site Report settings file.'],
    ['another format', '{"format": "other-extension", "version": 1}', 'This is not a Site Report settings file.'],
    ['no version', '{"format": "site-report-settings"}', 'This is not a Site Report settings file.'],
    [
      'a newer version',
      '{"format": "site-report-settings", "version": 2}',
      'This file was made by a newer version of Site Report (settings version 2). Update the extension, then import it again.',
    ],
  ])('is refused whole when %s, with the reason', async (_case, text, message) => {
    await expect(handlers().previewImport({ text })).rejects.toMatchObject({ kind: 'validation', message });
    await expect(handlers().applyImport({ text })).rejects.toMatchObject({ kind: 'validation', message });
  });

  it.each([
    [
      'a webhook that is no web address',
      'watchSettings',
      { scoreDrop: 5, webhook: { url: 'javascript:alert(1)', kind: 'json' } },
      'watchSettings.webhook.url',
    ],
    ['a watch with an hour past 23', 'watches', [watchOf('https://example.com/', { hour: 99 })], 'watches.0.hour'],
    ['a privacy that does not exist', 'preferences', { defaultPrivacy: 7, badgeEnabled: false }, 'preferences.defaultPrivacy'],
    ['site limits that are not an object', 'siteLimits', [1], 'siteLimits'],
    ['a tracker of another site', 'trackers', { 'example.com': { kind: 'github', repo: 'https://evil.example/x/y' } }, 'trackers.example.com.repo'],
    ['too many trackers', 'trackers', Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`s${i}.example`, { kind: 'jira' }])), 'trackers'],
    [
      'a service address that is not one',
      'services',
      [{ id: 'a', name: 'x', baseUrl: 'ftp://nope', keyForSessionOnly: false }],
      'services.0.baseUrl',
    ],
    [
      'a key too short to be one',
      'services',
      [{ id: 'a', name: 'x', baseUrl: BASE, keyForSessionOnly: false, apiKey: 'short' }],
      'services.0.apiKey',
    ],
  ])('names an invalid part (%s) and still applies the valid ones', async (_case, part, value, where) => {
    await setUp();
    const { text } = await handlers().exportSettings({ includeKeys: false });
    await writePreferences({ defaultPrivacy: 2 });
    await writeAgency({ name: 'Changed', logo: null });
    const bad = withPart(text, part, value);
    const preview = await handlers().previewImport({ text: bad });
    const invalid = preview.parts.filter((entry) => entry.state === 'invalid');
    expect(invalid.map((entry) => [entry.part, entry.lines])).toEqual([[part, [`Left out: the file’s value at ${where} is not valid.`]]]);
    const { applied } = await handlers().applyImport({ text: bad });
    expect(applied).not.toContain(part);
    expect(applied).toContain('agency');
    expect((await readHandover()).agency.name).toBe('Acme Agency');
  });

  it('is bounded: the background refuses text over 1 MiB', async () => {
    const text = JSON.stringify({ format: 'site-report-settings', version: 1, pad: 'x'.repeat(1_048_576) });
    await expect(
      import('@/lib/background/router').then(({ dispatch }) => dispatch(createHandlers(), { type: 'previewImport', payload: { text } })),
    ).resolves.toMatchObject({ ok: false, error: { kind: 'extension' } });
  });
});
