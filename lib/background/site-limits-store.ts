import { ApiError } from '@/lib/api/errors';
import type { Report, ReportsApi } from '@/lib/api';
import { siteLimits } from '@/lib/storage';
import { ACCEPTED_MAX, LIMITS_MAX_SITES, type ParsedRequestOf, type SiteLimitsState } from '@/lib/protocol';
import { announce } from '@/lib/background/connection';
import { t } from '@/lib/shared/i18n';
import { brokenLimitText } from '@/lib/shared/limits-words';
import { acceptedChecksAt, hasLimits, limitsVerdict, type LimitsVerdict, type ReportOutcome, type SiteLimits } from '@/lib/shared/site-limits';

/**
 * Each site's limits and its accepted findings, kept in local storage within bounds (200 sites,
 * 1000 acceptances), the verdict on one report for the popup, and what a watched check's alert needs of them.
 * Every change tells open pages.
 */

export function readSiteLimits(): Promise<SiteLimitsState> {
  return siteLimits.read();
}

function tooMany(message: string): ApiError {
  return new ApiError({ kind: 'validation', message });
}

/** Sets or (null, or limits that ask nothing) removes a site's limits. */
export async function saveSiteLimits({ project, limits }: ParsedRequestOf<'saveSiteLimits'>): Promise<SiteLimitsState> {
  const next = await siteLimits.update((state) => {
    const { [project]: _, ...others } = state.limits;
    if (!hasLimits(limits ?? undefined)) return { ...state, limits: others };
    if (!(project in state.limits) && Object.keys(others).length >= LIMITS_MAX_SITES)
      throw tooMany(t('limitsTooManySites', { max: LIMITS_MAX_SITES }));
    const kept: SiteLimits = { ...limits!, checks: [...new Set(limits!.checks)], categories: [...new Set(limits!.categories)] };
    return { ...state, limits: { ...others, [project]: kept } };
  });
  announce('limits');
  return next;
}

/** Accepts a failed check for a page or a site; accepting it again replaces the one before. */
export async function acceptFinding(request: ParsedRequestOf<'acceptFinding'>, now = Date.now()): Promise<SiteLimitsState> {
  const reason = request.reason.trim();
  if (reason === '') throw new ApiError({ kind: 'validation', message: t('acceptReasonMissing') });
  const next = await siteLimits.update((state) => {
    const others = state.accepted.filter(
      (entry) => !(entry.project === request.project && entry.check === request.check && entry.address === request.address),
    );
    if (others.length >= ACCEPTED_MAX) throw tooMany(t('acceptTooMany', { max: ACCEPTED_MAX }));
    const id = `${now.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    return { ...state, accepted: [...others, { ...request, reason, id, createdAt: now }] };
  });
  announce('limits');
  return next;
}

export async function removeAccepted(id: string): Promise<SiteLimitsState> {
  const next = await siteLimits.update((state) => ({ ...state, accepted: state.accepted.filter((entry) => entry.id !== id) }));
  announce('limits');
  return next;
}

/** The verdict on one report; null, without asking the service, when its site has neither limits nor accepted findings. */
export async function reportLimitsVerdict(api: Pick<ReportsApi, 'getReport'>, id: number, now = Date.now()): Promise<LimitsVerdict | null> {
  const state = await siteLimits.read();
  if (Object.keys(state.limits).length === 0 && state.accepted.length === 0) return null;
  const report = await api.getReport({ id });
  const project = report.project;
  if (project === null || (!(project in state.limits) && !state.accepted.some((entry) => entry.project === project))) return null;
  return limitsVerdict(outcomeOf(report, project), state.limits[project], state.accepted, now);
}

function outcomeOf(report: Report, project: string): ReportOutcome {
  const failed = Object.entries(report.checks ?? {}).flatMap(([key, check]) => (check.passed ? [] : [{ key, importance: check.importance }]));
  return { project, url: report.url, score: report.score, failed };
}

/**
 * What a watched check's alert needs of its site: the limits the report breaks, in words (null when the site has
 * none), and the checks accepted for its page, which fail without news.
 */
export async function limitsForAlert(report: Report, now = Date.now()): Promise<{ broken: string[] | null; accepted: Set<string> }> {
  const state = await siteLimits.read();
  const project = report.project;
  const accepted = acceptedChecksAt(state.accepted, project, report.url, now);
  const limits = project === null ? undefined : state.limits[project];
  if (project === null || !hasLimits(limits)) return { broken: null, accepted };
  return { broken: limitsVerdict(outcomeOf(report, project), limits, state.accepted, now).broken.map(brokenLimitText), accepted };
}
