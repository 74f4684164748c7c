import type { HistoryPoint, ReportView } from '@/lib/protocol';
import { checkName } from '@/lib/shared/check-names';
import { compareOutcomes, outcomesOf, scoreDelta } from '@/lib/shared/check-summary';

/**
 * Two reports compared. "What changed" sets a report against the one before it of the same
 * address, known by its outcomes only; "Compare with…" sets it against any other report, findings
 * and all. Both name the checks whose outcome differs with one function, `outcomeChanges`.
 */

export interface NamedCheck {
  key: string;
  name: string;
}

/** The checks both reports ran whose outcome differs, in the current report's order; a check only one of them ran is neither. */
export interface OutcomeChanges {
  /** Passes in the current report, fails in the other. */
  fixed: NamedCheck[];
  /** Fails in the current report, passes in the other. */
  broken: NamedCheck[];
}

const named = (keys: string[]) => keys.map((key) => ({ key, name: checkName(key) }));

/** `current` and `other`: whether each check passed, by key. */
export function outcomeChanges(current: Readonly<Record<string, boolean>>, other: Readonly<Record<string, boolean>>): OutcomeChanges {
  const { fixed, broken } = compareOutcomes(current, other);
  return { fixed: named(fixed), broken: named(broken) };
}

/** "What changed" since the report made before this one of the same address. */
export interface Changes extends OutcomeChanges {
  previous: HistoryPoint;
  scoreDelta: number | null;
}

/** Null when the report is the first of its address (or the one before it came without checks). */
export function whatChanged(view: Pick<ReportView, 'report' | 'previous'>): Changes | null {
  const { report, previous } = view;
  if (!previous || !report.checks) return null;
  const { outcomes, ...point } = previous;
  return { previous: point, scoreDelta: scoreDelta(report.score, previous.score), ...outcomeChanges(outcomesOf(report.checks), outcomes) };
}
