import { describe, expect, it } from 'vitest';
import { firstSlotAfter, nextCheckAt, nextMonthStart, type WatchSchedule } from '@/lib/background/watches/watch-schedule';

/** A watch's slots, by the clock of the zone it was made in (fixed offsets, so no daylight saving moves them). */

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

/** Made on Wednesday 2026-01-14 at 15:00 UTC. */
const MADE = at('2026-01-14T15:00:00Z');
const schedule = (every: WatchSchedule['every'], hour: number, offsetMinutes = 0, createdAt = MADE): WatchSchedule => ({
  every,
  hour,
  offsetMinutes,
  createdAt,
});

describe('the next check of a watch', () => {
  it.each([
    // daily: the preferred hour of the same day when still to come, else the next day's
    ['daily, later today', schedule('daily', 18), '2026-01-14T15:00:00Z', '2026-01-14T18:00:00.000Z'],
    ['daily, passed today', schedule('daily', 9), '2026-01-14T15:00:00Z', '2026-01-15T09:00:00.000Z'],
    ['daily, exactly at the slot', schedule('daily', 9), '2026-01-15T09:00:00Z', '2026-01-16T09:00:00.000Z'],
    // weekly: on the weekday the watch was made (Wednesday)
    ['weekly, on its weekday, hour to come', schedule('weekly', 18), '2026-01-14T15:00:00Z', '2026-01-14T18:00:00.000Z'],
    ['weekly, on its weekday, hour passed', schedule('weekly', 9), '2026-01-14T15:00:00Z', '2026-01-21T09:00:00.000Z'],
    ['weekly, from a Saturday', schedule('weekly', 9), '2026-01-17T10:00:00Z', '2026-01-21T09:00:00.000Z'],
    // monthly: on the day of the month it was made (the 14th)
    ['monthly, day passed', schedule('monthly', 9), '2026-01-20T10:00:00Z', '2026-02-14T09:00:00.000Z'],
    ['monthly, across the year', schedule('monthly', 9), '2026-12-14T09:00:00Z', '2027-01-14T09:00:00.000Z'],
  ])('%s', (_name, watch, from, next) => {
    expect(iso(firstSlotAfter(watch, at(from)))).toBe(next);
  });

  it('keeps a month-end day on the last day of shorter months, then goes back to it', () => {
    const watch = schedule('monthly', 8, 0, at('2026-01-31T12:00:00Z'));
    const feb = firstSlotAfter(watch, at('2026-01-31T12:00:00Z'));
    expect(iso(feb)).toBe('2026-02-28T08:00:00.000Z');
    const mar = firstSlotAfter(watch, feb);
    expect(iso(mar)).toBe('2026-03-31T08:00:00.000Z');
    expect(iso(firstSlotAfter(watch, mar))).toBe('2026-04-30T08:00:00.000Z');
    // A leap year's February has a 29th.
    expect(iso(firstSlotAfter(watch, at('2028-02-01T00:00:00Z')))).toBe('2028-02-29T08:00:00.000Z');
  });

  it.each([
    // UTC+2: 9:00 there is 7:00 UTC
    ['UTC+2', 120, '2026-01-15T07:00:00.000Z'],
    // UTC−5: 9:00 there is 14:00 UTC, still to come on the 14th there
    ['UTC−5', -300, '2026-01-15T14:00:00.000Z'],
    // UTC+14: already the 15th there at 05:00; 9:00 there is 19:00 UTC on the 14th
    ['UTC+14', 840, '2026-01-14T19:00:00.000Z'],
  ])('keeps the preferred hour in the zone it was made in (%s)', (_zone, offset, next) => {
    expect(iso(firstSlotAfter(schedule('daily', 9, offset), at('2026-01-14T15:00:00Z')))).toBe(next);
  });

  it('keeps the weekday of the zone it was made in, not of UTC', () => {
    // Made at 23:30 UTC on Wednesday: 01:30 on Thursday in UTC+2, so its slot is Thursday 9:00 there (07:00 UTC),
    // not Wednesday's, which would come on the 21st.
    const watch = schedule('weekly', 9, 120, at('2026-01-14T23:30:00Z'));
    const first = nextCheckAt(watch, null);
    expect(iso(first)).toBe('2026-01-15T07:00:00.000Z');
    expect(iso(nextCheckAt(watch, first))).toBe('2026-01-22T07:00:00.000Z');
  });

  it('after a browser closed over many slots, is due once: the next slot after that check is in the future', () => {
    const watch = schedule('daily', 9);
    const lastCheck = at('2026-01-15T09:00:00Z');
    const reopened = at('2026-01-25T12:00:00Z');
    // Ten slots passed: the watch is due (its next check is in the past) ...
    expect(nextCheckAt(watch, lastCheck)).toBeLessThan(reopened);
    // ... and once checked at reopening, the next one is tomorrow's, not the nine others missed.
    expect(iso(nextCheckAt(watch, reopened))).toBe('2026-01-26T09:00:00.000Z');
  });

  it('counts a new watch from when it was made', () => {
    expect(iso(nextCheckAt(schedule('daily', 9), null))).toBe('2026-01-15T09:00:00.000Z');
  });
});

describe('the start of the next month, as the service counts its quota (UTC)', () => {
  it.each([
    ['2026-01-14T15:00:00Z', '2026-02-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', '2027-01-01T00:00:00.000Z'],
    ['2026-02-01T00:00:00Z', '2026-03-01T00:00:00.000Z'],
  ])('after %s is %s', (now, start) => {
    expect(iso(nextMonthStart(at(now)))).toBe(start);
  });
});
