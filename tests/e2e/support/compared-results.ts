/**
 * Reports seeded with known results, for the comparison tests in both browsers: every check of
 * the service passed but those named, each entry a recorded real one (tests/service/result-samples.ts).
 * What differs between two of them is read from the results here, as the spec defines "fails":
 * `passed: false`.
 */
import type { CheckResult } from '../../service/checks/types.ts';
import { RESULT_SAMPLES } from '../../service/result-samples.ts';
import { resultsForScore } from '../../service/seed.ts';

export type Results = Record<string, CheckResult>;

/** `address`: the page's full address, which the checks that name it carry. */
export function resultsFailing(address: string, failing: readonly string[]): Results {
  const results = resultsForScore(100, address);
  for (const name of failing) {
    const sample = RESULT_SAMPLES.get(name);
    if (!sample || !(name in results)) throw new Error(`No check ${name} to fail.`);
    results[name] = structuredClone(sample.failed);
  }
  return results;
}

/** The score the service gives: weight of the passed checks over the weight of all (high 10, medium 5, low 0). */
export function scoreOf(results: Results): number {
  const weight = { high: 10, medium: 5, low: 0 } as const;
  const all = Object.values(results).reduce((sum, c) => sum + weight[c.importance], 0);
  const passed = Object.values(results).reduce((sum, c) => sum + (c.passed ? weight[c.importance] : 0), 0);
  return Math.round((passed / all) * 100);
}

/** The checks both reports ran that fail in `a` and pass in `b`, in `a`'s order. */
export function failingOnlyIn(a: Results, b: Results): string[] {
  return Object.keys(a).filter((key) => key in b && !a[key]!.passed && b[key]!.passed);
}
