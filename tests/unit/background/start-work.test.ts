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
