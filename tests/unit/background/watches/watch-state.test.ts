import { describe, expect, it } from 'vitest';
import { afterQuotaRefused, alertTimed, dueWatches, monthlyChecks, nextWatchWake, withAdded } from '@/lib/background/watches/watch-state';
import { MAX_WATCHES, type Watch, type WatchSettings } from '@/lib/protocol';
import { samePage } from '@/lib/shared/page-address';

const at = (iso: string) => Date.parse(iso);
const SETTINGS: WatchSettings = { scoreDrop: 5, webhook: null, quotaPausedUntil: null, alertTimes: [] };

const watch = (id: string, changes: Partial<Watch> = {}): Watch => ({
  id,
  url: `https://example.com/${id}`,
  privacy: 1,
  every: 'daily',
  hour: 9,
  offsetMinutes: 0,
  createdAt: at('2026-01-10T12:00:00Z'),
  paused: false,
  lastCheckAt: at('2026-01-14T09:00:00Z'),
  last: null,
  worseSince: null,
  lastError: null,
  webhookError: null,
  ...changes,
});

describe('which watches are due', () => {
  it('the ones whose slot passed, not the paused ones', () => {
    const list = [watch('a'), watch('b', { paused: true }), watch('c', { lastCheckAt: at('2026-01-15T09:00:00Z') })];
    expect(dueWatches(list, SETTINGS, at('2026-01-15T09:30:00Z')).map((w) => w.id)).toEqual(['a']);
  });

  it('none while the quota is used up, and the wake is then the next month', () => {
    const settings = { ...SETTINGS, quotaPausedUntil: at('2026-02-01T00:00:00Z') };
    expect(dueWatches([watch('a')], settings, at('2026-01-20T10:00:00Z'))).toEqual([]);
    expect(nextWatchWake([watch('a')], settings, at('2026-01-20T10:00:00Z'))).toBe(at('2026-02-01T00:00:00Z'));
    // From the next month on, the watch is due once more.
    expect(dueWatches([watch('a')], settings, at('2026-02-01T00:00:01Z')).map((w) => w.id)).toEqual(['a']);
  });

  it('no wake when every watch is paused or there is none', () => {
    expect(nextWatchWake([], SETTINGS, 0)).toBeNull();
    expect(nextWatchWake([watch('a', { paused: true })], SETTINGS, 0)).toBeNull();
  });
});

describe('a refused quota', () => {
  it('pauses the watches until the next month, and is told once', () => {
    const first = afterQuotaRefused(SETTINGS, at('2026-01-20T10:00:00Z'));
    expect(first.tell).toBe(true);
    expect(first.settings.quotaPausedUntil).toBe(at('2026-02-01T00:00:00Z'));
    const again = afterQuotaRefused(first.settings, at('2026-01-25T10:00:00Z'));
    expect(again.tell).toBe(false);
    expect(again.settings).toBe(first.settings);
  });

  it('is told again when refused in a later month', () => {
    const january = afterQuotaRefused(SETTINGS, at('2026-01-20T10:00:00Z')).settings;
    const february = afterQuotaRefused(january, at('2026-02-03T10:00:00Z'));
    expect(february.tell).toBe(true);
    expect(february.settings.quotaPausedUntil).toBe(at('2026-03-01T00:00:00Z'));
  });
});

describe('adding watches', () => {
  it('keeps the watch of a page watched already, however its address is written', () => {
    const result = withAdded([watch('a')], [watch('x', { url: 'http://www.example.com/a' }), watch('b')], samePage);
    expect(result.added.map((w) => w.id)).toEqual(['b']);
    expect(result.list.map((w) => w.id)).toEqual(['a', 'b']);
  });

  it(`refuses to pass ${MAX_WATCHES} watches, adding none`, () => {
    const full = Array.from({ length: MAX_WATCHES - 1 }, (_, i) => watch(`w${i}`));
    expect(withAdded(full, [watch('one')], samePage).tooMany).toBe(false);
    const refused = withAdded(full, [watch('one'), watch('two')], samePage);
    expect(refused.tooMany).toBe(true);
    expect(refused.list).toHaveLength(MAX_WATCHES - 1);
  });
});

describe('what the watches cost a month', () => {
  it('counts the most checks a month holds for each schedule, paused watches left out', () => {
    const list = [watch('a'), watch('b', { every: 'weekly' }), watch('c', { every: 'monthly' }), watch('d', { paused: true })];
    expect(monthlyChecks(list)).toBe(31 + 5 + 1);
  });
});

describe('the digest', () => {
  it('tells the first three alerts of a week one by one, and from the fourth on one digest counting them', () => {
    let settings = SETTINGS;
    const digests: (number | null)[] = [];
    for (const day of [12, 13, 14, 15, 16]) {
      const timed = alertTimed(settings, at(`2026-01-${day}T09:00:00Z`));
      settings = timed.settings;
      digests.push(timed.digest);
    }
    expect(digests).toEqual([null, null, null, 4, 5]);
    // A week after the last of them the count starts again.
    expect(alertTimed(settings, at('2026-01-23T10:00:00Z')).digest).toBeNull();
  });
});
