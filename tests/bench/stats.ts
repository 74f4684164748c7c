/** The median of a set of timings (ms), interpolated between the two middle ones; NaN for none. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}

export const round = (ms: number, digits = 1) => Math.round(ms * 10 ** digits) / 10 ** digits;
