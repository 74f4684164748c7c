import { checkCategory, type LimitCategory } from '@/lib/shared/check-categories';
import type { Importance } from '@/lib/shared/check-summary';
import { sameStoredAddress } from '@/lib/shared/page-address';

/**
 * A site's limits and the findings its users accepted, and the one verdict on a report against
 * them. Pure and zod-free: the report view, the popup, the reports manager, the site view and the
 * background all call `limitsVerdict`. The service's score is never changed: an accepted finding
 * only stops a failed check from breaking a limit, until its end date.
 */

/** What every report of a site must keep. Empty limits (no score, nothing chosen) break nothing. */
export interface SiteLimits {
  /** The lowest score allowed, 0–100; null for none. */
  minScore: number | null;
  /** No failed check of high importance. */
  noHighFailed: boolean;
  /** No failed check in these categories. */
  categories: LimitCategory[];
  /** These checks must pass (keys in a report's `results`). */
  checks: string[];
}

/** A failed check accepted for one page (its stored address) or a whole site, with why, until an end date. */
export interface AcceptedFinding {
  id: string;
  project: string;
  check: string;
  /** The page as the service stores its address; null for every page of the site. */
  address: string | null;
  reason: string;
  /** The last day it holds (`YYYY-MM-DD`, the user's own calendar); null for no end. */
  until: string | null;
  createdAt: number;
}

/** What the verdict needs of a report: its address, its score and the checks it failed. */
export interface ReportOutcome {
  /** The report's site (the service's project); an acceptance is for one site. */
  project: string | null;
  url: string;
  score: number | null;
  failed: readonly { key: string; importance: Importance }[];
}

export type BrokenLimit =
  | { kind: 'min-score'; min: number; score: number | null }
  | { kind: 'high-failed'; checks: string[] }
  | { kind: 'category'; category: LimitCategory; checks: string[] }
  | { kind: 'check'; check: string };

/** A failed check of the report an acceptance in force covers. */
export interface AcceptedHit {
  check: string;
  scope: 'page' | 'site';
  reason: string;
  until: string | null;
}

export interface LimitsVerdict {
  within: boolean;
  broken: BrokenLimit[];
  /** The report's failed checks accepted now, in the report's order. */
  accepted: AcceptedHit[];
  /** Within limits only thanks to its acceptances. */
  changedByAccepted: boolean;
}

/** Whether limits ask anything at all. */
export function hasLimits(limits: SiteLimits | undefined): limits is SiteLimits {
  return !!limits && (limits.minScore !== null || limits.noHighFailed || limits.categories.length > 0 || limits.checks.length > 0);
}

/** Whether an acceptance holds at `now`: through the whole of its last day, in the user's time zone. */
export function acceptanceInForce(entry: Pick<AcceptedFinding, 'until'>, now: number): boolean {
  if (entry.until === null) return true;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(entry.until);
  if (!match) return false;
  const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1).getTime();
  return now < endOfDay;
}

/** The acceptances in force for a page (its stored address) at `now`, by check: a page's own before the site's. */
export function acceptedAt(entries: readonly AcceptedFinding[], project: string | null, address: string, now: number): Map<string, AcceptedFinding> {
  const found = new Map<string, AcceptedFinding>();
  const applies = (entry: AcceptedFinding) => entry.project === project && acceptanceInForce(entry, now);
  for (const entry of entries)
    if (entry.address !== null && applies(entry) && sameStoredAddress(entry.address, address)) found.set(entry.check, entry);
  for (const entry of entries) if (entry.address === null && applies(entry) && !found.has(entry.check)) found.set(entry.check, entry);
  return found;
}

/** The check names accepted for a page at `now`: what an alert on the page leaves out. */
export function acceptedChecksAt(entries: readonly AcceptedFinding[], project: string | null, address: string, now: number): Set<string> {
  return new Set(acceptedAt(entries, project, address, now).keys());
}

function brokenLimits(limits: SiteLimits, score: number | null, failed: readonly { key: string; importance: Importance }[]): BrokenLimit[] {
  const broken: BrokenLimit[] = [];
  if (limits.minScore !== null && (score === null || Math.round(score) < limits.minScore))
    broken.push({ kind: 'min-score', min: limits.minScore, score });
  if (limits.noHighFailed) {
    const high = failed.filter((check) => check.importance === 'high').map((check) => check.key);
    if (high.length > 0) broken.push({ kind: 'high-failed', checks: high });
  }
  for (const category of limits.categories) {
    const inCategory = failed.filter((check) => checkCategory(check.key) === category).map((check) => check.key);
    if (inCategory.length > 0) broken.push({ kind: 'category', category, checks: inCategory });
  }
  const failedKeys = new Set(failed.map((check) => check.key));
  for (const check of limits.checks) if (failedKeys.has(check)) broken.push({ kind: 'check', check });
  return broken;
}

/**
 * A report against its site's limits and acceptances at `now`. No limits: within, nothing broken.
 * Accepted failed checks are listed, and break no limit; the minimum score is the service's score as is.
 */
export function limitsVerdict(
  report: ReportOutcome,
  limits: SiteLimits | undefined,
  accepted: readonly AcceptedFinding[],
  now: number,
): LimitsVerdict {
  const inForce = acceptedAt(accepted, report.project, report.url, now);
  const acceptedHits: AcceptedHit[] = report.failed.flatMap(({ key }) => {
    const entry = inForce.get(key);
    return entry
      ? [{ check: key, scope: entry.address === null ? ('site' as const) : ('page' as const), reason: entry.reason, until: entry.until }]
      : [];
  });
  if (!hasLimits(limits)) return { within: true, broken: [], accepted: acceptedHits, changedByAccepted: false };
  const broken = brokenLimits(
    limits,
    report.score,
    report.failed.filter((check) => !inForce.has(check.key)),
  );
  const changedByAccepted = broken.length === 0 && acceptedHits.length > 0 && brokenLimits(limits, report.score, report.failed).length > 0;
  return { within: broken.length === 0, broken, accepted: acceptedHits, changedByAccepted };
}
