import { describe, expect, it } from 'vitest';
import { ADDRESS_LIST_MAX, parseAddressList } from '@/lib/shared/address-list';
import { planTabs } from '@/lib/shared/tab-plan';
import { reportsCount, runSummary, tabsCount } from '@/lib/shared/run-text';

describe('a pasted list of addresses', () => {
  it('keeps one address per page, and names the invalid and duplicate lines', () => {
    const parsed = parseAddressList(
      [
        'https://example.com/a',
        '',
        'example.com/b',
        'not an address',
        'http://www.example.com/a/',
        'chrome://settings',
        'intranet',
        ' https://example.org ',
      ].join('\n'),
    );
    expect(parsed.urls).toEqual(['https://example.com/a', 'https://example.com/b', 'https://example.org/']);
    expect(parsed.invalid.map((i) => i.line)).toEqual([4, 6, 7]);
    expect(parsed.invalid[1]!.reason).toMatch(/browser's own pages/);
    expect(parsed.duplicates).toEqual([{ line: 5, text: 'http://www.example.com/a/', sameAs: 1 }]);
    expect(parsed.tooMany).toBe(false);
  });

  it('stops reading a list longer than one run reports at the first address past the limit', () => {
    const lines = Array.from({ length: 3 * ADDRESS_LIST_MAX }, (_, i) => `example.com/${i}`);
    const parsed = parseAddressList(['not an address', ...lines, 'also not one'].join('\n'));
    expect(parsed.tooMany).toBe(true);
    expect(parsed.urls).toHaveLength(ADDRESS_LIST_MAX + 1);
    expect(parsed.invalid.map((i) => i.line)).toEqual([1]);
  });

  it('takes a list of exactly the most one run reports', () => {
    const lines = Array.from({ length: ADDRESS_LIST_MAX }, (_, i) => `example.com/${i}`);
    const parsed = parseAddressList(lines.join('\n'));
    expect(parsed.tooMany).toBe(false);
    expect(parsed.urls).toHaveLength(ADDRESS_LIST_MAX);
  });
});

describe('the tabs of a window', () => {
  it('counts out the browser pages and the duplicates', () => {
    const plan = planTabs([
      'https://a.example/',
      'https://b.example/',
      'chrome://version/',
      'https://www.a.example',
      undefined,
      'https://c.example/x',
    ]);
    expect(plan).toEqual({ urls: ['https://a.example/', 'https://b.example/', 'https://c.example/x'], unsupported: 2, duplicates: 1 });
  });
});

describe('counts in words', () => {
  it.each([
    [0, '0 reports'],
    [1, '1 report'],
    [2, '2 reports'],
    [1201, '1,201 reports'],
  ])('%i → %s', (n, text) => expect(reportsCount(n)).toBe(text));

  it('sums up a run in one sentence', () => {
    expect(tabsCount(1)).toBe('1 tab');
    expect(
      runSummary({
        action: 'delete',
        state: 'stopped',
        stopReason: null,
        total: 10,
        done: 6,
        alreadyGone: 1,
        alreadyUnderWay: 0,
        left: 3,
        failed: [{}],
      }),
    ).toBe('Deleted 6 of 10 reports. 1 was already gone. 1 failed. 3 left because you stopped the run.');
    expect(
      runSummary({
        action: 'create',
        state: 'running',
        stopReason: null,
        total: 2,
        done: 1,
        alreadyGone: 0,
        alreadyUnderWay: 3,
        left: 1,
        failed: [],
      }),
    ).toBe('Made 1 of 2 reports. 3 were already under way in another run. 1 left.');
  });
});
