import type { HistoryPoint, ReportView } from '@/lib/protocol';
import { findingChanges, type FindingChange } from '@/lib/report/finding-changes';
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

/** One side of a comparison: which report, of which address, when, with what score, and its page on the service. */
export interface ComparedSide extends HistoryPoint {
  url: string;
  webUrl: string;
}

/** A report (`here`, the one the view shows) side by side with another (`there`): `fixed` passes here only, `broken` fails here only. */
export interface Comparison extends OutcomeChanges {
  here: ComparedSide;
  there: ComparedSide;
  /** Score here minus score there; null when either has none. */
  scoreDelta: number | null;
  /** False when either report came without checks: there is nothing to set side by side but the scores. */
  checksCompared: boolean;
  /** Checks both ran whose findings differ, in this report's order. */
  findings: FindingChange[];
}

type Compared = Pick<ReportView, 'report' | 'webUrl'>;

const sideOf = ({ report, webUrl }: Compared): ComparedSide => ({
  id: report.id,
  url: report.url,
  score: report.score,
  label: report.label,
  generatedAt: report.generatedAt ?? report.createdAt,
  webUrl,
});

/** Any two reports compared: of one address at two dates, or of one path on two hosts. */
export function compareReports(here: Compared, there: Compared): Comparison {
  const a = here.report.checks;
  const b = there.report.checks;
  const changes = a && b ? outcomeChanges(outcomesOf(a), outcomesOf(b)) : { fixed: [], broken: [] };
  return {
    here: sideOf(here),
    there: sideOf(there),
    scoreDelta: scoreDelta(here.report.score, there.report.score),
    checksCompared: a !== null && b !== null,
    ...changes,
    findings: a && b ? findingChanges({ url: here.report.url, checks: a }, { url: there.report.url, checks: b }) : [],
  };
}
