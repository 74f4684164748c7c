import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { addWatches, changeWatch, readWatchesView, removeWatch } from '@/lib/background/watches/watch-checks';
import { ApiError } from '@/lib/api/errors';
import { MAX_WATCHES } from '@/lib/protocol';

/** Watches as kept: added once per page, bounded, rescheduled from now, removed. No check is due in these tests. */

const NEW = { every: 'weekly', hour: 9, offsetMinutes: 0 } as const;

beforeEach(() => fakeBrowser.reset());

describe('watches as kept', () => {
  it('adds a page once, however its address is written, and a stored address over https', async () => {
    const first = await addWatches({ pages: [{ url: 'https://example.com/blog', privacy: 0 }], ...NEW });
    expect(first.added).toBe(1);
    const again = await addWatches({ pages: [{ url: 'http://www.example.com/blog/' }, { url: 'example.com/about' }], ...NEW });
    expect(again.added).toBe(1);
    expect(again.view.watches.map((w) => [w.url, w.privacy])).toEqual([
      ['https://example.com/blog', 0],
      ['https://example.com/about', 1],
    ]);
  });

  it('watches a page whose latest report had a password as private, and says how many', async () => {
    const { madePrivate, view } = await addWatches({ pages: [{ url: 'https://example.com/secret', privacy: 2 }], ...NEW });
    expect(madePrivate).toBe(1);
    expect(view.watches[0]!.privacy).toBe(1);
  });

  it(`refuses to pass ${MAX_WATCHES} watches, in words`, async () => {
    const pages = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ url: `https://example.com/p${from + i}` }));
    await addWatches({ pages: pages(0, MAX_WATCHES), ...NEW });
    const refused = await addWatches({ pages: pages(MAX_WATCHES, 1), ...NEW }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe(`At most ${MAX_WATCHES} pages can be watched: remove some watches first.`);
    expect((await readWatchesView()).watches).toHaveLength(MAX_WATCHES);
  });

  it('pauses (no next check, no cost), resumes, reschedules from now and removes', async () => {
    const { view } = await addWatches({ pages: [{ url: 'https://example.com/' }], ...NEW });
    const id = view.watches[0]!.id;
    expect(view.checksPerMonth).toBe(5);
    const paused = await changeWatch({ id, paused: true });
    expect(paused.watches[0]!.nextCheckAt).toBeNull();
    expect(paused.checksPerMonth).toBe(0);
    const before = Date.now();
    const daily = await changeWatch({ id, paused: false, every: 'daily', hour: 3 });
    const next = daily.watches[0]!.nextCheckAt!;
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(24 * 3600_000);
    expect(new Date(next).getUTCHours()).toBe(3);
    expect(daily.checksPerMonth).toBe(31);
    expect((await removeWatch(id)).watches).toEqual([]);
  });
});
