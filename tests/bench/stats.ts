/** Median and spread of a set of timings (ms). Percentiles interpolate linearly between ranks. */
export interface Summary {
  n: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  /** p75 − p25. */
  iqr: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => round(percentile(sorted, p));
  return {
    n: sorted.length,
    median: at(0.5),
    p10: at(0.1),
    p90: at(0.9),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
    iqr: round(percentile(sorted, 0.75) - percentile(sorted, 0.25)),
  };
}

export const round = (ms: number, digits = 1) => Math.round(ms * 10 ** digits) / 10 ** digits;
