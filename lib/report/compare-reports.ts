import type { HistoryPoint, ReportView } from '@/lib/protocol';
import { outcomeChanges, type OutcomeChanges } from '@/lib/report/changes';
import { findingChanges, type FindingChange } from '@/lib/report/finding-changes';
import { outcomesOf, scoreDelta } from '@/lib/shared/check-summary';

/**
 * "Compare with…": a report side by side with any other, of its address at another date or of
 * its path on another host. The checks whose outcome differs are named as "what changed" names
 * them (`outcomeChanges`); the findings that differ come from `findingChanges`. Loaded with the
 * comparison's screen, not with the report view.
 */

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
