import { describe, expect, it } from 'vitest';
import { progressWorthTelling } from '@/lib/pages/progress-told';

describe('when reading progress is told', () => {
  it.each([
    ['the first number', null, 3, 1000, 0, true],
    ['a page more within the same tenth, soon after', { done: 100, at: 0 }, 150, 1000, 1000, false],
    ['the next tenth reached', { done: 150, at: 0 }, 200, 1000, 1000, true],
    ['5 s since the last, within the same tenth', { done: 100, at: 0 }, 120, 1000, 5000, true],
    ['nothing more read, however long', { done: 100, at: 0 }, 100, 1000, 60_000, false],
    ['all read', { done: 990, at: 0 }, 1000, 1000, 10, true],
    ['no total yet', null, 0, 0, 0, false],
  ] as const)('%s → %s', (_case, last, done, total, now, told) => {
    expect(progressWorthTelling(last, done, total, now)).toBe(told);
  });

  it('tells about a dozen times for a reading of 1,000 in pages of 20, not 50', () => {
    let last = null as { done: number; at: number } | null;
    let told = 0;
    for (let done = 20; done <= 1000; done += 20) {
      const now = done * 10; // 200 ms a page
      if (progressWorthTelling(last, done, 1000, now)) {
        told += 1;
        last = { done, at: now };
      }
    }
    expect(told).toBeGreaterThanOrEqual(10);
    expect(told).toBeLessThanOrEqual(12);
  });
});
