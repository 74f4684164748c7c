import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BADGE_CACHE_TTL_MS, clearCache, readCached, writeCached } from '@/lib/background/toolbar/badge-lookup';
import { pageKey } from '@/lib/shared/page-address';
import { badgeLook, BADGE_COLOURS } from '@/lib/background/toolbar/badge-paint';

beforeEach(() => fakeBrowser.reset());

const T0 = 1_700_000_000_000;

describe('the badge cache', () => {
  it('answers a result written within the last ten minutes, then forgets it', async () => {
    await writeCached('https://example.com/blog', { score: 87, label: 'good' }, T0);
    expect(await readCached('https://example.com/blog', T0 + 1000)).toEqual({ score: 87, label: 'good' });
    expect(await readCached('https://example.com/blog', T0 + BADGE_CACHE_TTL_MS - 1)).toEqual({ score: 87, label: 'good' });
    expect(await readCached('https://example.com/blog', T0 + BADGE_CACHE_TTL_MS)).toBeUndefined();
  });

  it('remembers that an address has no report, so revisiting it does not ask again', async () => {
    await writeCached('https://example.com/new', null, T0);
    expect(await readCached('https://example.com/new', T0 + 1000)).toBeNull();
    expect(await readCached('https://example.com/other', T0 + 1000)).toBeUndefined();
  });

  it.each([
    ['https://example.com/', 'http://www.example.com'],
    ['https://example.com/blog/', 'https://EXAMPLE.com/blog'],
    ['https://example.com/blog#comments', 'https://example.com/blog'],
  ])('treats %s and %s as one address, as the service does', (a, b) => {
    expect(pageKey(a)).toBe(pageKey(b));
  });

  it('keeps results that finish together', async () => {
    await Promise.all([
      writeCached('https://a.example/', { score: 10, label: 'bad' }, T0),
      writeCached('https://b.example/', { score: 90, label: 'good' }, T0),
    ]);
    expect(await readCached('https://a.example/', T0)).toEqual({ score: 10, label: 'bad' });
    expect(await readCached('https://b.example/', T0)).toEqual({ score: 90, label: 'good' });
  });

  it('ignores whatever else it finds in storage', async () => {
    await writeCached('https://example.com/', { score: 50, label: 'decent' }, T0);
    expect(await fakeBrowser.storage.session.get('badgeCache')).toHaveProperty(['badgeCache', pageKey('https://example.com/')]);
    await fakeBrowser.storage.session.set({ badgeCache: { [pageKey('https://example.com/')]: { at: 'yesterday', result: 'great' } } });
    expect(await readCached('https://example.com/', T0)).toBeUndefined();
  });

  it('can be emptied', async () => {
    await writeCached('https://example.com/', { score: 50, label: 'decent' }, T0);
    await clearCache();
    expect(await readCached('https://example.com/', T0)).toBeUndefined();
  });
});

describe('how a result looks on the badge', () => {
  it.each([
    [{ score: 87, label: 'good' as const }, '87', BADGE_COLOURS.good],
    [{ score: 60, label: 'decent' as const }, '60', BADGE_COLOURS.decent],
    [{ score: 12, label: 'bad' as const }, '12', BADGE_COLOURS.bad],
    [{ score: 100, label: null }, '100', BADGE_COLOURS.good],
    [{ score: null, label: 'decent' as const }, 'D', BADGE_COLOURS.decent],
    [{ score: null, label: null }, '?', BADGE_COLOURS.neutral],
    [null, '', BADGE_COLOURS.neutral],
  ])('%j shows "%s"', (result, text, color) => {
    expect(badgeLook(result)).toEqual({ text, color });
  });
});
