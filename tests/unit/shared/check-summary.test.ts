import { describe, expect, it } from 'vitest';
import { checkName, isKnownCheck, readableKey } from '@/lib/shared/check-names';
import { compareOutcomes, scoreDelta, summariseChecks } from '@/lib/shared/check-summary';
import { readReportViewTarget, reportViewPath } from '@/lib/shared/report-view-address';
import { KNOWN_CHECKS } from '@/lib/report/check-guide';
import { RECORDED } from '../../fixtures/report-view';

describe('the names of the checks', () => {
  it('names every check the service runs in plain words, and the report view explains each', () => {
    const keys = Object.keys(RECORDED.bad.results);
    expect(keys).toHaveLength(36);
    for (const key of keys) {
      expect(isKnownCheck(key), key).toBe(true);
      expect(KNOWN_CHECKS, key).toContain(key);
      expect(checkName(key)).not.toMatch(/_/);
    }
  });

  it.each([
    ['meta_description_optimal_length', 'Meta description optimal length'],
    ['noindexHeader', 'Noindex header'],
    ['llms.txt', 'Llms txt'],
    ['  ', 'Unnamed check'],
    ['__proto__', 'Proto'],
    ['x'.repeat(200), `X${'x'.repeat(78)}…`],
  ])('an unknown key %j reads %j', (key, name) => {
    expect(isKnownCheck(key)).toBe(false);
    expect(readableKey(key)).toBe(name);
    expect(checkName(key)).toBe(name);
  });
});

describe('a report’s checks counted for the popup', () => {
  it('counts failures by importance and names the first three of high importance, in the report’s order', () => {
    expect(summariseChecks(RECORDED.bad.results)).toEqual({
      total: 36,
      failed: { high: 10, medium: 13, low: 9 },
      topFailures: [
        { key: 'title', name: 'Title' },
        { key: 'meta_description', name: 'Meta description' },
        { key: 'headings', name: 'Headings' },
      ],
    });
    expect(summariseChecks(RECORDED.good.results)).toEqual({ total: 36, failed: { high: 0, medium: 1, low: 1 }, topFailures: [] });
  });

  it('compares outcomes of the checks both reports ran', () => {
    expect(compareOutcomes({ a: true, b: false, c: true, d: false }, { a: false, b: true, c: true })).toEqual({ fixed: ['a'], broken: ['b'] });
  });

  it.each([
    [72, 80, 8],
    [80.2, 72.6, -7],
    [null, 50, null],
  ])('the score change from %s to %s is %s', (was, now, delta) => {
    expect(scoreDelta(now, was)).toBe(delta);
  });
});

describe('the address of the report view', () => {
  it('carries the report, the tab and the generation date, and is read back', () => {
    const path = reportViewPath({ id: 12, tabId: 3, generatedAt: '2024-05-01T10:00:00.000Z' });
    expect(path).toBe('/report.html?id=12&tab=3&at=2024-05-01T10%3A00%3A00.000Z');
    expect(readReportViewTarget(path.slice(path.indexOf('?')))).toEqual({ id: 12, tabId: 3, generatedAt: '2024-05-01T10:00:00.000Z' });
    expect(reportViewPath({ id: 7 })).toBe('/report.html?id=7');
  });

  it.each(['', '?id=', '?id=0', '?id=-3', '?id=1.5', '?id=abc', '?id=99999999999999999999'])('%j names no report', (search) => {
    expect(readReportViewTarget(search)).toBeNull();
  });

  it('ignores a tab that is not one', () => {
    expect(readReportViewTarget('?id=5&tab=x')).toEqual({ id: 5 });
  });

  it('carries the report’s address, so that the view asks for its history with it', () => {
    const url = 'shop.example.com/search?q=a&b=c#x';
    const path = reportViewPath({ id: 4, url });
    expect(path).toBe('/report.html?id=4&url=shop.example.com%2Fsearch%3Fq%3Da%26b%3Dc%23x');
    expect(readReportViewTarget(path.slice(path.indexOf('?')))).toEqual({ id: 4, url });
  });

  it('leaves out an address longer than the background takes', () => {
    const url = `example.com/${'a'.repeat(2048)}`;
    expect(reportViewPath({ id: 4, url })).toBe('/report.html?id=4');
    expect(readReportViewTarget(`?id=4&url=${url}`)).toEqual({ id: 4 });
  });
});
