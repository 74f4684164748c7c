import type { FindingSpec, Range } from '@/lib/report/check-guide';

/** Shorthands the check guide's tables are written with. */
export const max = (n: number): Range => ({ min: null, max: n });
export const min = (n: number): Range => ({ min: n, max: null });
export const value: FindingSpec = { kind: 'value' };
