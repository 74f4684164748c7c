import type { HistoryPoint, ReportView } from '@/lib/protocol';
import { checkName } from '@/lib/shared/check-names';
import { compareOutcomes, outcomesOf, scoreDelta } from '@/lib/shared/check-summary';

/** "What changed" since the report made before this one of the same address. */
export interface Changes {
  previous: HistoryPoint;
  scoreDelta: number | null;
  /** Failed then, passed now. */
  fixed: { key: string; name: string }[];
  /** Passed then, failed now. */
  broken: { key: string; name: string }[];
}

const named = (keys: string[]) => keys.map((key) => ({ key, name: checkName(key) }));

/** Null when the report is the first of its address (or the one before it came without checks). */
export function whatChanged(view: Pick<ReportView, 'report' | 'previous'>): Changes | null {
  const { report, previous } = view;
  if (!previous || !report.checks) return null;
  const { fixed, broken } = compareOutcomes(outcomesOf(report.checks), previous.outcomes);
  const { outcomes: _outcomes, ...point } = previous;
  return { previous: point, scoreDelta: scoreDelta(report.score, previous.score), fixed: named(fixed), broken: named(broken) };
}
