import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { originPattern } from '@/lib/shared/permission';
import { readConnection } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { installFakePermissions } from './fake-permissions';

const KEY = 'home-key-0123456789abcdef';
let home: RunningService;
/** Another service: what a redirect, a typo or someone in the middle could send the user to. */
let elsewhere: RunningService;

beforeAll(async () => {
  home = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
  elsewhere = await startReportService({ accounts: [{ name: 'Eve', email: 'eve@example.com', apiKey: 'eve-key-0123456789', reportsPerMonth: -1 }] });
});
afterAll(async () => {
  await home.close();
  await elsewhere.close();
});

const handlers = () => createHandlers();
/** Every request that carried the key, on a service. */
const sawKey = (service: RunningService) => service.requestLog.filter((r) => JSON.stringify(r).includes(KEY)).length;

beforeEach(async () => {
  fakeBrowser.reset();
  const granted = installFakePermissions();
  // Both run on 127.0.0.1: one host permission (ports are not part of it) covers both, as it would for a real redirect to another port.
  granted.add(originPattern(home.baseUrl));
  await handlers().saveConnection({ baseUrl: home.baseUrl, apiKey: KEY });
});

describe('a saved key is bound to the address it was saved for', () => {
  it('is not sent to another address saved with the key field left empty, and the user is told why', async () => {
    const before = sawKey(elsewhere);
    const attempt = handlers().saveConnection({ baseUrl: elsewhere.baseUrl });
    await expect(attempt).rejects.toMatchObject({ kind: 'validation', message: expect.stringMatching(/only ever sent to 127\.0\.0\.1:\d+/) });
    expect(sawKey(elsewhere)).toBe(before);
    expect(elsewhere.requestLog.filter((r) => r.path === '/api/v1/account')).toHaveLength(0);
    expect(await readConnection()).toEqual({ baseUrl: home.baseUrl, apiKey: KEY });
  });

  it('is kept for another path of the same origin', async () => {
    const { settings } = await handlers().saveConnection({ baseUrl: `${home.baseUrl}/` });
    expect(settings).toMatchObject({ keySet: true, keyHint: KEY.slice(-4) });
  });

  it('goes to the new address only when typed again for it', async () => {
    const { account } = await handlers().saveConnection({ baseUrl: elsewhere.baseUrl, apiKey: 'eve-key-0123456789' });
    expect(account.email).toBe('eve@example.com');
    expect(sawKey(elsewhere)).toBe(0);
  });

  it('lives in an item of its own, apart from the address', async () => {
    const stored = await fakeBrowser.storage.local.get(null);
    expect(JSON.stringify(stored.services)).not.toContain(KEY);
    expect(Object.values(stored.serviceKeys as object)).toEqual([{ origin: home.baseUrl, key: KEY }]);
  });

  it('moves out of the address item written by an earlier version', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.local.set({ connection: { baseUrl: home.baseUrl, apiKey: KEY } });
    expect(await readConnection()).toEqual({ baseUrl: home.baseUrl, apiKey: KEY });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored.connection).toBeUndefined();
    expect(JSON.stringify(stored.services)).not.toContain(KEY);
    expect(Object.values(stored.serviceKeys as object)).toEqual([{ origin: home.baseUrl, key: KEY }]);
  });
});

describe('keys too short to be real', () => {
  it.each(['k', 'abc123', '12345678901'])('refuses %s before asking the service', async (key) => {
    const asked = home.requestLog.length;
    await expect(handlers().saveConnection({ baseUrl: home.baseUrl, apiKey: key })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/too short to be an API key/),
    });
    expect(home.requestLog.length).toBe(asked);
  });
});

describe('a key kept only until the browser closes', () => {
  it('lives in session storage only, and after a restart the address and preferences stay while the key is gone', async () => {
    await handlers().savePreferences({ defaultPrivacy: 0 });
    const settings = await handlers().saveKeyLifetime({ sessionOnly: true });
    expect(settings).toMatchObject({ keySet: true, keyForSessionOnly: true, keyHint: KEY.slice(-4) });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(KEY);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(KEY);

    // What the browser does to session storage when it closes.
    await fakeBrowser.storage.session.clear();
    expect(await handlers().getSettings({})).toMatchObject({
      baseUrl: home.baseUrl,
      keySet: false,
      keyForSessionOnly: true,
      preferences: { defaultPrivacy: 0 },
    });
    await expect(handlers().getAccount({})).rejects.toMatchObject({ kind: 'not-connected' });
  });

  it('goes back to local storage when the user changes their mind', async () => {
    await handlers().saveKeyLifetime({ sessionOnly: true });
    const settings = await handlers().saveKeyLifetime({ sessionOnly: false });
    expect(settings).toMatchObject({ keySet: true, keyForSessionOnly: false });
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain(KEY);
    expect(Object.values((await fakeBrowser.storage.local.get('serviceKeys')).serviceKeys as object)).toEqual([{ origin: home.baseUrl, key: KEY }]);
  });

  it('never reaches local storage, not even for a moment, when chosen before the first save', async () => {
    await fakeBrowser.storage.local.clear();
    await fakeBrowser.storage.session.clear();
    const localWrites = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { settings } = await handlers().saveConnection({ baseUrl: home.baseUrl, apiKey: KEY, keyForSessionOnly: true });
    expect(settings).toMatchObject({ keySet: true, keyForSessionOnly: true });
    expect(localWrites).toHaveBeenCalled();
    expect(JSON.stringify(localWrites.mock.calls)).not.toContain(KEY);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain(KEY);
    expect(await readConnection()).toEqual({ baseUrl: home.baseUrl, apiKey: KEY });
  });

  it('keeps its lifetime when a key is typed again after a restart', async () => {
    await handlers().saveKeyLifetime({ sessionOnly: true });
    await fakeBrowser.storage.session.clear();
    await handlers().saveConnection({ baseUrl: home.baseUrl, apiKey: KEY });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(KEY);
    expect(await handlers().getSettings({})).toMatchObject({ keySet: true, keyForSessionOnly: true });
  });
});
