import { describe, expect, it } from 'vitest';
import { steppedFinding } from '@/lib/report/finding-step';

describe('the finding a step lands on', () => {
  it.each([
    [null, 12, 1, 0],
    [null, 12, -1, 11],
    [0, 12, 1, 1],
    [2, 12, 1, 3],
    [3, 12, -1, 2],
    [11, 12, 1, 0],
    [0, 12, -1, 11],
    [0, 1, 1, 0],
    [20, 12, 1, 0],
    [-3, 12, -1, 11],
    [0, 0, 1, null],
    [null, -2, 1, null],
    [null, Number.NaN, 1, null],
  ] as const)('from %s among %s, step %s → %s', (at, count, step, to) => {
    expect(steppedFinding(at, count, step)).toBe(to);
  });
});
