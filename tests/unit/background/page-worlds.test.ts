import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeStorageToPageWorlds, readConnection, writeConnection } from '@/lib/storage';

/** The order in which the background's storage calls reach the browser. */
const calls: string[] = [];

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
  calls.length = 0;
  for (const name of ['local', 'sync'] as const) {
    const area = fakeBrowser.storage[name] as typeof fakeBrowser.storage.local & { setAccessLevel?: unknown };
    // Recorded once the browser has applied it, which takes a while: nothing may be read or written meanwhile.
    area.setAccessLevel = vi.fn(async (options: { accessLevel: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      calls.push(`${name}.setAccessLevel(${options.accessLevel})`);
    });
    const get = area.get.bind(area);
    const set = area.set.bind(area);
    vi.spyOn(area, 'get').mockImplementation((keys) => (calls.push(`${name}.get`), get(keys)));
    vi.spyOn(area, 'set').mockImplementation((items) => (calls.push(`${name}.set`), set(items)));
  }
});

describe('storage closed to page worlds at every start', () => {
  it('closes local and sync storage before the key or the settings are read or written', async () => {
    closeStorageToPageWorlds();
    await Promise.all([readConnection(), writeConnection({ baseUrl: 'https://reports.example.com', apiKey: 'a-key-long-enough-0123' })]);
    const firstAccess = calls.findIndex((call) => !call.includes('setAccessLevel'));
    expect(calls.slice(0, firstAccess).sort()).toEqual(['local.setAccessLevel(TRUSTED_CONTEXTS)', 'sync.setAccessLevel(TRUSTED_CONTEXTS)']);
    expect(calls.slice(firstAccess)).toContain('local.set');
  });

  it('still works where the browser has no such setting (Firefox)', async () => {
    delete (fakeBrowser.storage.local as { setAccessLevel?: unknown }).setAccessLevel;
    delete (fakeBrowser.storage.sync as { setAccessLevel?: unknown }).setAccessLevel;
    closeStorageToPageWorlds();
    await writeConnection({ baseUrl: 'https://reports.example.com', apiKey: 'a-key-long-enough-0123' });
    expect(await readConnection()).toEqual({ baseUrl: 'https://reports.example.com', apiKey: 'a-key-long-enough-0123' });
  });
});
