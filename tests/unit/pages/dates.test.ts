import { afterEach, describe, expect, it } from 'vitest';
import { elapsedText, exactTime, relativeTime } from '@/lib/pages/dates';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('a report date, read at a glance', () => {
  it.each([
    [ago(5), 'just now'],
    [ago(-30), 'just now'], // the service's clock a little ahead of the browser's
    [ago(90), '1 minute ago'],
    [ago(59 * 60), '59 minutes ago'],
    [ago(3 * 3600), '3 hours ago'],
    [ago(26 * 3600), 'yesterday'],
    [ago(3 * 86400), '3 days ago'],
    [ago(15 * 86400), '2 weeks ago'],
    [ago(65 * 86400), '2 months ago'],
    [ago(800 * 86400), '2 years ago'],
    [ago(-3 * 3600), 'in 3 hours'],
    ['not a date', 'unknown date'],
  ])('%s → %s', (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });
});

describe('a report date, exactly', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['2022-01-27T20:05:46.000Z', 'UTC', 'Jan 27, 2022, 8:05 PM'],
    ['2022-01-27T20:05:46.000Z', 'Asia/Tokyo', 'Jan 28, 2022, 5:05 AM'],
    ['2022-01-27T00:05:46.000Z', 'UTC', 'Jan 27, 2022, 12:05 AM'],
    ['2022-01-27T12:05:46.000Z', 'UTC', 'Jan 27, 2022, 12:05 PM'],
    ['garbage', 'UTC', 'unknown date'],
  ])('%s in %s → %s', (iso, timeZone, expected) => {
    process.env.TZ = timeZone;
    expect(exactTime(iso)).toBe(expected);
  });

  it('follows the time zone the browser is in as it changes', () => {
    const iso = '2022-01-27T20:05:46.000Z';
    const shown = ['UTC', 'Asia/Tokyo', 'UTC'].map((timeZone) => {
      process.env.TZ = timeZone;
      return exactTime(iso);
    });
    expect(shown).toEqual(['Jan 27, 2022, 8:05 PM', 'Jan 28, 2022, 5:05 AM', 'Jan 27, 2022, 8:05 PM']);
  });
});

describe('time spent auditing', () => {
  it.each([
    [0, '0 s'],
    [8.7, '8 s'],
    [59, '59 s'],
    [65, '1 min 05 s'],
    [-3, '0 s'],
  ])('%s seconds → %s', (seconds, expected) => {
    expect(elapsedText(seconds)).toBe(expected);
  });
});
