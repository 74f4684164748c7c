import type { Importance } from '@/lib/shared/check-summary';

/**
 * Whether a watched page got worse, as a pure function of its previous and new reports: the score
 * fell by at least the settings' points, a check of high importance began failing (unless the user
 * accepted it), or a site limit is broken (the names of those limits, given by the caller).
 * A page that got worse has recovered once its new report is worse by none of them than the one before it got worse.
 */

/** What the rules read of a report. */
export interface AlertReport {
  id: number;
  score: number | null;
  checks: Readonly<Record<string, { passed: boolean; importance: Importance }>> | null;
}

export interface AlertSettings {
  /** The fewest points the score must fall by to alert. */
  scoreDrop: number;
}

export const DEFAULT_SCORE_DROP = 5;

export type AlertReason =
  { kind: 'score-drop'; from: number; to: number } | { kind: 'check-failing'; check: string } | { kind: 'limit-broken'; limit: string };

export type AlertVerdict =
  | { kind: 'worse'; reasons: AlertReason[] }
  | { kind: 'recovered' }
  /** Nothing to say: no worse than before, and nothing to recover from. */
  | { kind: 'steady' };

export interface AlertContext {
  /** Checks the user accepted as failing: their failing is never news. */
  accepted?: ReadonlySet<string>;
  /**
   * The report before the page last got worse, while it has not recovered: the page has recovered
   * once the new report is worse than it by none of the rules.
   */
  worseSince?: AlertReport | null;
}

function reasonsAgainst(
  before: AlertReport,
  next: AlertReport,
  settings: AlertSettings,
  brokenLimits: readonly string[] | null,
  accepted: ReadonlySet<string>,
): AlertReason[] {
  const reasons: AlertReason[] = [];
  if (before.score !== null && next.score !== null && before.score - next.score >= Math.max(1, settings.scoreDrop)) {
    reasons.push({ kind: 'score-drop', from: before.score, to: next.score });
  }
  if (before.checks && next.checks) {
    for (const [key, check] of Object.entries(next.checks)) {
      if (check.passed || check.importance !== 'high' || accepted.has(key)) continue;
      // A check the earlier report did not run is not known to have passed: not news.
      if (before.checks[key]?.passed === true) reasons.push({ kind: 'check-failing', check: key });
    }
  }
  for (const limit of brokenLimits ?? []) reasons.push({ kind: 'limit-broken', limit });
  return reasons;
}

/** `previous`: the report of the address before `next` (null for its first). */
export function alertVerdict(
  previous: AlertReport | null,
  next: AlertReport,
  settings: AlertSettings,
  brokenLimits: readonly string[] | null,
  { accepted = new Set(), worseSince = null }: AlertContext = {},
): AlertVerdict {
  const worse = previous
    ? reasonsAgainst(previous, next, settings, brokenLimits, accepted)
    : reasonsAgainst(next, next, settings, brokenLimits, accepted);
  if (worse.length > 0) return { kind: 'worse', reasons: worse };
  if (worseSince && reasonsAgainst(worseSince, next, settings, brokenLimits, accepted).length === 0) return { kind: 'recovered' };
  return { kind: 'steady' };
}
