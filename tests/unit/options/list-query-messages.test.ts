import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch } from '@/lib/background/router';
import { registerChangeAnnouncer } from '@/lib/background/connection';
import { onStateChanged } from '@/lib/pages/send-to-background';
import { installFakePermissions } from '../background/fake-permissions';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';
import { writeConnection, writePreferences } from '@/lib/storage';

const view: ListQuery = { search: 'blog', project: 'example.com', result: 'decent', sortBy: 'url', sort: 'asc', perPage: 50, page: 3 };

describe('the kept list query, through the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the defaults before anything was kept', async () => {
    expect(await dispatch(createHandlers(), { type: 'getListQuery', payload: {} })).toEqual({ ok: true, value: DEFAULT_LIST_QUERY });
  });

  it('keeps a view and gives it back', async () => {
    expect(await dispatch(createHandlers(), { type: 'saveListQuery', payload: { query: view } })).toEqual({ ok: true, value: view });
    expect(await dispatch(createHandlers(), { type: 'getListQuery', payload: {} })).toEqual({ ok: true, value: view });
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown page size', { perPage: 30 }],
    ['an unknown sort key', { sortBy: 'created_at' }],
    ['page 0', { page: 0 }],
    ['a missing field', { search: undefined }],
  ])('refuses to keep a view with %s, and keeps the one before', async (_, bad) => {
    await dispatch(createHandlers(), { type: 'saveListQuery', payload: { query: view } });
    const reply = await dispatch(createHandlers(), { type: 'saveListQuery', payload: { query: { ...view, ...bad } } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'extension' } });
    expect(await dispatch(createHandlers(), { type: 'getListQuery', payload: {} })).toEqual({ ok: true, value: view });
  });
});

describe('telling open pages that the connection changed', () => {
  beforeEach(() => fakeBrowser.reset());

  it('the background announces a change of the stored connection as such, and nothing for a kept view', async () => {
    installFakePermissions();
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    registerChangeAnnouncer();
    await writePreferences({ badgeEnabled: true });
    await dispatch(createHandlers(), { type: 'saveListQuery', payload: { query: view } });
    await writeConnection({ baseUrl: 'https://reports.example.com', apiKey: 'key-1' });
    expect(sent.mock.calls.map(([message]) => message)).toEqual([
      { type: 'stateChanged', change: 'preferences' },
      { type: 'stateChanged', change: 'connection' },
    ]);
  });

  it('a page hears the extension itself only, until it stops listening', async () => {
    const changed = vi.fn();
    const stop = onStateChanged(changed);
    const message = { type: 'stateChanged', change: 'connection' };
    await fakeBrowser.runtime.onMessage.trigger(message, { id: 'another-extension' }, () => undefined);
    await fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id, tab: { id: 4 } as Browser.tabs.Tab }, () => undefined);
    await fakeBrowser.runtime.onMessage.trigger({ type: 'getSettings' }, { id: fakeBrowser.runtime.id }, () => undefined);
    expect(changed).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, () => undefined);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith('connection');
    stop();
    await fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, () => undefined);
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
