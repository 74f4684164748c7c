import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StartWork from '@/lib/background/start-work';

let start: typeof StartWork;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  start = await import('@/lib/background/start-work');
});
afterEach(() => vi.useRealTimers());

describe('the work a worker owes its start', () => {
  it('waits until the start is over, then runs once, in the order it was owed', async () => {
    const done: string[] = [];
    start.afterStart(() => done.push('runs'));
    start.afterStart(() => done.push('menus'));
    start.startOverIn(250);
    vi.advanceTimersByTime(249);
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['runs', 'menus']);
    await vi.advanceTimersByTimeAsync(10_000);
    start.startOver();
    await Promise.resolve();
    expect(done).toEqual(['runs', 'menus']);
  });

  it('runs work owed after the start at once', async () => {
    start.startOver();
    const done: string[] = [];
    start.afterStart(() => done.push('badge'));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['badge']);
  });

  it('does not let one failing piece of work stop the others, and says it failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const done: string[] = [];
    start.afterStart(() => Promise.reject(new Error('storage closed')));
    start.afterStart(() => {
      throw new Error('menus gone');
    });
    start.afterStart(() => done.push('badge'));
    start.startOver();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['badge']);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('the worker’s start', () => {
  it(
    'only adds listeners: it reads no storage until the start is over, so the page that woke it is answered first',
    { timeout: 20_000 },
    async () => {
      vi.useRealTimers();
      const { fakeBrowser } = await import('wxt/testing/fake-browser');
      fakeBrowser.reset();
      const reads: string[] = [];
      for (const area of ['local', 'session', 'sync'] as const) {
        const get = fakeBrowser.storage[area].get.bind(fakeBrowser.storage[area]);
        vi.spyOn(fakeBrowser.storage[area], 'get').mockImplementation(
          (keys?: unknown) => (reads.push(`${area} ${JSON.stringify(keys)}`), get(keys as never)),
        );
        vi.spyOn(fakeBrowser.storage[area], 'setAccessLevel').mockResolvedValue(undefined);
      }
      const { installFakePermissions } = await import('./fake-permissions');
      const { installFakeToolbarApis } = await import('./toolbar/fake-apis');
      installFakePermissions();
      installFakeToolbarApis();
      const { default: background } = await import('@/entrypoints/background');
      void background.main();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads).toEqual([]);
      // Then the work owed the start reads what it needs: runs resumed, menus, the badge, watches due.
      start.startOver();
      await expect.poll(() => reads).toEqual(expect.arrayContaining(['local ["runs","runItemsGone"]', 'local "watches"']));
    },
  );
});
