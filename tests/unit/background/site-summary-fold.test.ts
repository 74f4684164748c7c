import { describe, expect, it } from 'vitest';
import type { Report } from '@/lib/api';
import { bucketStart, createSiteFold, failingChecks, foldReports, siteTrend, summaryOf } from '@/lib/background/site-summary-fold';

const DAY = 24 * 3600_000;
const T0 = Date.parse('2026-03-02T10:00:00Z'); // a Monday

function report(id: number, url: string, score: number | null, at: number, failed: Record<string, 'high' | 'medium' | 'low'> = {}): Report {
  const checks: Report['checks'] = { title: { passed: true, importance: 'high', value: 'x' } };
  for (const [key, importance] of Object.entries(failed)) checks[key] = { passed: false, importance, value: null, errors: { missing: null } };
  return {
    id,
    url,
    project: 'example.com',
    score,
    label: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
    privacy: 0,
    hasPassword: false,
    generatedAt: new Date(at).toISOString(),
    createdAt: new Date(at).toISOString(),
    updatedAt: null,
    checks,
  };
}

const state = { phase: 'done', revision: 1, startedAt: 0, updatedAt: 0, reportsTotal: null, waitUntil: null, error: null } as const;

describe('the site summary, folded page by page', () => {
  it('keeps one page per address, its latest report by date, and counts the older ones', () => {
    const fold = createSiteFold('example.com');
    // An audit run again has a newer date than its id tells: the date decides.
    foldReports(fold, [report(1, 'example.com', 40, T0, { headings: 'high' }), report(2, 'example.com/a', 90, T0)]);
    foldReports(fold, [report(3, 'example.com', 70, T0 + DAY, { favicon: 'medium' }), report(4, 'example.com', 20, T0 - DAY)]);
    const summary = summaryOf(fold, state);
    expect(summary.reportsRead).toBe(4);
    const home = summary.pages.find((p) => p.url === 'example.com')!;
    expect(home).toMatchObject({ id: 3, score: 70, older: 2, failed: ['favicon'] });
    expect(summary.pages.find((p) => p.url === 'example.com/a')).toMatchObject({ id: 2, older: 0, failed: [] });
    expect(summary.average).toBe(80);
    expect(summary.distribution).toEqual({ good: 1, decent: 1, bad: 0, none: 0 });
  });

  it('counts a report the list sent twice (it shifted while read) once', () => {
    const fold = createSiteFold('example.com');
    foldReports(fold, [report(1, 'example.com', 40, T0)]);
    foldReports(fold, [report(1, 'example.com', 40, T0), report(2, 'example.com', 50, T0 + 1)]);
    expect(summaryOf(fold, state)).toMatchObject({ reportsRead: 2, pages: [{ id: 2, older: 1 }] });
  });

  it('orders what fails by impact, importance × pages, on each page’s latest report only', () => {
    const fold = createSiteFold('example.com');
    foldReports(fold, [
      report(1, 'example.com/1', 50, T0, { headings: 'high', inline_css: 'low' }),
      report(2, 'example.com/2', 50, T0, { inline_css: 'low', favicon: 'medium' }),
      report(3, 'example.com/3', 50, T0, { inline_css: 'low', favicon: 'medium' }),
      report(4, 'example.com/4', 50, T0, { inline_css: 'low' }),
      // Fixed since: its older failure does not count.
      report(5, 'example.com/1', 90, T0 - DAY, { robots: 'high' }),
    ]);
    expect(summaryOf(fold, state).failing).toEqual([
      // The same impact: more pages first.
      { key: 'inline_css', importance: 'low', pages: 4, impact: 4 },
      { key: 'favicon', importance: 'medium', pages: 2, impact: 4 },
      { key: 'headings', importance: 'high', pages: 1, impact: 3 },
    ]);
  });

  it('takes the highest importance any page gave a check', () => {
    expect(
      failingChecks([
        { failed: ['x'], importance: { x: 'low' } },
        { failed: ['x'], importance: { x: 'high' } },
      ]),
    ).toEqual([{ key: 'x', importance: 'high', pages: 2, impact: 6 }]);
  });
});

describe('the site trend', () => {
  it('is per day when the reports span less than a month: each day, the average of every page’s latest score then', () => {
    const trend = siteTrend(
      new Map([
        ['a', [[T0, 40] as const, [T0 + 2 * DAY, 80] as const]],
        ['b', [[T0 + DAY, 60] as const]],
      ]),
    );
    expect(trend.unit).toBe('day');
    expect(trend.points).toEqual([
      { start: '2026-03-02T00:00:00.000Z', average: 40, pages: 1 },
      { start: '2026-03-03T00:00:00.000Z', average: 50, pages: 2 },
      { start: '2026-03-04T00:00:00.000Z', average: 70, pages: 2 },
    ]);
  });

  it('is per week (from Monday, UTC) when they span a month or more, empty weeks carrying the scores on', () => {
    const trend = siteTrend(new Map([['a', [[T0 + 2 * DAY, 30] as const, [T0 + 40 * DAY, 90] as const]]]));
    expect(trend.unit).toBe('week');
    expect(trend.points.map((p) => [p.start.slice(0, 10), p.average])).toEqual([
      ['2026-03-02', 30],
      ['2026-03-09', 30],
      ['2026-03-16', 30],
      ['2026-03-23', 30],
      ['2026-03-30', 30],
      ['2026-04-06', 90],
    ]);
  });

  it.each([
    ['2026-03-02T00:00:00Z', 'week', '2026-03-02'],
    ['2026-03-08T23:59:59Z', 'week', '2026-03-02'],
    ['2026-03-09T00:00:00Z', 'week', '2026-03-09'],
    ['2026-03-05T13:00:00Z', 'day', '2026-03-05'],
  ] as const)('puts %s in the %s starting %s', (at, unit, start) => {
    expect(new Date(bucketStart(Date.parse(at), unit)).toISOString().slice(0, 10)).toBe(start);
  });

  it('is empty without scored reports', () => {
    expect(siteTrend(new Map())).toEqual({ unit: 'day', points: [] });
  });
});
