import { checkName } from '@/lib/shared/check-names';

/**
 * A report's checks counted: what the popup shows under a score (failed
 * checks by importance, the first failed high-importance ones by name, what
 * changed since the report before), computed in the background so the
 * checks themselves never travel to the popup. The report view compares two
 * reports with the same functions.
 */

export const IMPORTANCES = ['high', 'medium', 'low'] as const;
export type Importance = (typeof IMPORTANCES)[number];

/** What counting needs of a check; a report's checks have more. */
export interface CheckOutcome {
  passed: boolean;
  importance: Importance;
}

/** Since the report made before it of the same address. */
export interface ReportChange {
  previousId: number;
  /** New score minus old; null when either has none. */
  scoreDelta: number | null;
  /** Checks failed then, passed now. */
  fixed: number;
  /** Checks passed then, failed now. */
  broken: number;
}

export interface CheckSummary {
  total: number;
  failed: Record<Importance, number>;
  /** The first three failed checks of high importance, in the report's order. */
  topFailures: { key: string; name: string }[];
  change: ReportChange | null;
}

export const TOP_FAILURES = 3;

export function summariseChecks(checks: Readonly<Record<string, CheckOutcome>>): Omit<CheckSummary, 'change'> {
  const failed: Record<Importance, number> = { high: 0, medium: 0, low: 0 };
  const topFailures: CheckSummary['topFailures'] = [];
  const entries = Object.entries(checks);
  for (const [key, check] of entries) {
    if (check.passed) continue;
    failed[check.importance] += 1;
    if (check.importance === 'high' && topFailures.length < TOP_FAILURES) topFailures.push({ key, name: checkName(key) });
  }
  return { total: entries.length, failed, topFailures };
}

/** Passed or not, by check: all a later report needs of an earlier one to say what changed. */
export function outcomesOf(checks: Readonly<Record<string, { passed: boolean }>>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(checks).map(([key, check]) => [key, check.passed]));
}

/** Checks in both reports whose outcome flipped; a check only one of them ran is neither. In the current report's order. */
export function compareOutcomes(current: Readonly<Record<string, boolean>>, previous: Readonly<Record<string, boolean>>) {
  const fixed: string[] = [];
  const broken: string[] = [];
  for (const [key, passed] of Object.entries(current)) {
    if (!Object.hasOwn(previous, key) || previous[key] === passed) continue;
    (passed ? fixed : broken).push(key);
  }
  return { fixed, broken };
}

export function scoreDelta(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : Math.round(current) - Math.round(previous);
}
