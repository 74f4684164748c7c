import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch } from '@/lib/background/router';
import { onConnectionChange } from '@/lib/reports-view/connection-watch';
import { DEFAULT_REPORTS_VIEW, type ReportsView } from '@/lib/options/reports-view';
import { writeConnection, writePreferences } from '@/lib/storage';

const view: ReportsView = { search: 'blog', project: 'example.com', result: 'decent', sortBy: 'url', sort: 'asc', perPage: 50, page: 3 };

describe('the kept view, through the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the defaults before anything was kept', async () => {
    expect(await dispatch(createHandlers(), { type: 'getReportsView', payload: {} })).toEqual({ ok: true, value: DEFAULT_REPORTS_VIEW });
  });

  it('keeps a view and gives it back', async () => {
    expect(await dispatch(createHandlers(), { type: 'saveReportsView', payload: { view } })).toEqual({ ok: true, value: view });
    expect(await dispatch(createHandlers(), { type: 'getReportsView', payload: {} })).toEqual({ ok: true, value: view });
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown page size', { perPage: 30 }],
    ['an unknown sort key', { sortBy: 'created_at' }],
    ['page 0', { page: 0 }],
    ['a missing field', { search: undefined }],
  ])('refuses to keep a view with %s, and keeps the one before', async (_, bad) => {
    await dispatch(createHandlers(), { type: 'saveReportsView', payload: { view } });
    const reply = await dispatch(createHandlers(), { type: 'saveReportsView', payload: { view: { ...view, ...bad } } });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'extension' } });
    expect(await dispatch(createHandlers(), { type: 'getReportsView', payload: {} })).toEqual({ ok: true, value: view });
  });
});

describe('watching the connection without the storage module', () => {
  beforeEach(() => fakeBrowser.reset());

  it('calls back when the stored connection changes, and only then', async () => {
    const changed = vi.fn();
    const stop = onConnectionChange(changed);
    await writePreferences({ badgeEnabled: true });
    await dispatch(createHandlers(), { type: 'saveReportsView', payload: { view } });
    expect(changed).not.toHaveBeenCalled();
    await writeConnection({ baseUrl: 'https://reports.example.com', apiKey: 'key-1' });
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
    await writeConnection({ baseUrl: 'https://reports.example.com', apiKey: 'key-2' });
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
