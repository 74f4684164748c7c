import type { Report } from '@/lib/api';
import { SITE_MAX_PAGES, type SiteFailing, type SitePage, type SiteSummary, type SiteTrend } from '@/lib/protocol';
import { IMPORTANCES, type Importance } from '@/lib/shared/check-summary';
import { reportTime } from '@/lib/shared/report-order';

/**
 * The site view's summary, folded one list page at a time: of each report only what the view
 * needs is kept (the latest report of each address with the keys of its failed checks, and the
 * date and score of every report for the trend), so the raw list never builds up in memory.
 * Pure: no browser, no service; lib/background/site-summary.ts feeds it.
 */

/** How much a failed check weighs in "what fails": importance × pages. Low checks cost no score, yet still need fixing. */
export const IMPACT_WEIGHT: Record<Importance, number> = { high: 3, medium: 2, low: 1 };
/** Reports spanning less than this are drawn per day, else per week. */
export const DAILY_SPAN_MS = 30 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** At most this many points on the chart: the latest ones. */
export const TREND_POINTS_MAX = 520;

interface Latest {
  page: SitePage;
  /** When it was made (ms), for comparing with the next report of the address. */
  at: number;
  /** The importance of each failed check, as this report gave it. */
  importance: Record<string, Importance>;
}

export interface SiteFold {
  project: string;
  byAddress: Map<string, Latest>;
  /** Per address, the date and score of each report with both: the trend's raw points. */
  scores: Map<string, [at: number, score: number][]>;
  seen: Set<number>;
  reportsRead: number;
  unreadable: number;
  /** Addresses past SITE_MAX_PAGES were left out. */
  truncated: boolean;
}

export function createSiteFold(project: string): SiteFold {
  return { project, byAddress: new Map(), scores: new Map(), seen: new Set(), reportsRead: 0, unreadable: 0, truncated: false };
}

function latestOf(report: Report, older: number): Latest {
  const failed: string[] = [];
  const importance: Record<string, Importance> = {};
  for (const [key, check] of Object.entries(report.checks ?? {})) {
    if (check.passed || failed.length >= 200) continue;
    failed.push(key.slice(0, 200));
    importance[key.slice(0, 200)] = check.importance;
  }
  return {
    at: reportTime(report),
    importance,
    page: {
      url: report.url,
      id: report.id,
      score: report.score,
      label: report.label,
      generatedAt: report.generatedAt ?? report.createdAt,
      privacy: report.privacy,
      older,
      failed,
    },
  };
}

const newer = (a: { at: number; id: number }, b: { at: number; id: number }) => a.at > b.at || (a.at === b.at && a.id > b.id);

/** Folds one list page in; a report already folded (the list shifted while read) counts once. */
export function foldReports(fold: SiteFold, reports: readonly Report[], unreadable = 0): void {
  fold.unreadable += unreadable;
  for (const report of reports) {
    if (fold.seen.has(report.id)) continue;
    fold.seen.add(report.id);
    fold.reportsRead += 1;
    const at = reportTime(report);
    const kept = fold.byAddress.get(report.url);
    if (!kept) {
      if (fold.byAddress.size >= SITE_MAX_PAGES) {
        fold.truncated = true;
        continue;
      }
      fold.byAddress.set(report.url, latestOf(report, 0));
    } else if (newer({ at, id: report.id }, { at: kept.at, id: kept.page.id })) {
      fold.byAddress.set(report.url, latestOf(report, kept.page.older + 1));
    } else {
      kept.page.older += 1;
    }
    if (report.score !== null && at > 0) {
      const points = fold.scores.get(report.url) ?? [];
      points.push([at, report.score]);
      fold.scores.set(report.url, points);
    }
  }
}

/** Each check failed by at least one page's latest report, with how many, most impact first (then more pages, then the key). */
export function failingChecks(latest: Iterable<{ failed: readonly string[]; importance: Readonly<Record<string, Importance>> }>): SiteFailing[] {
  const byKey = new Map<string, { importance: Importance; pages: number }>();
  for (const page of latest) {
    for (const key of page.failed) {
      const entry = byKey.get(key);
      const importance = page.importance[key] ?? 'low';
      if (!entry) byKey.set(key, { importance, pages: 1 });
      else {
        entry.pages += 1;
        // Deployments may differ: the highest importance any page gave it.
        if (IMPORTANCES.indexOf(importance) < IMPORTANCES.indexOf(entry.importance)) entry.importance = importance;
      }
    }
  }
  return [...byKey]
    .map(([key, { importance, pages }]) => ({ key, importance, pages, impact: IMPACT_WEIGHT[importance] * pages }))
    .sort((a, b) => b.impact - a.impact || b.pages - a.pages || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The start (UTC) of the day, or of the week (Monday), holding `at`. */
export function bucketStart(at: number, unit: SiteTrend['unit']): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  if (unit === 'day') return day;
  // 1970-01-01 was a Thursday: Monday is 3 days before it.
  const weekday = (Math.floor(at / DAY_MS) + 3) % 7;
  return day - weekday * DAY_MS;
}

/**
 * At the end of each day (reports spanning under 30 days) or week, the average of every page's
 * latest score as it stood then: a page not reported again that week still counts with its last score.
 */
export function siteTrend(scores: ReadonlyMap<string, readonly (readonly [number, number])[]>): SiteTrend {
  const all: { at: number; score: number; address: string }[] = [];
  for (const [address, points] of scores) for (const [at, score] of points) all.push({ at, score, address });
  if (all.length === 0) return { unit: 'day', points: [] };
  all.sort((a, b) => a.at - b.at);
  const unit: SiteTrend['unit'] = all[all.length - 1]!.at - all[0]!.at < DAILY_SPAN_MS ? 'day' : 'week';
  const step = unit === 'day' ? DAY_MS : 7 * DAY_MS;
  const current = new Map<string, number>();
  let sum = 0;
  const points: SiteTrend['points'] = [];
  let i = 0;
  for (let start = bucketStart(all[0]!.at, unit); i < all.length; start += step) {
    const end = start + step;
    for (; i < all.length && all[i]!.at < end; i++) {
      const { address, score } = all[i]!;
      sum += score - (current.get(address) ?? 0);
      current.set(address, score);
    }
    points.push({ start: new Date(start).toISOString(), average: Math.round((sum / current.size) * 10) / 10, pages: current.size });
  }
  return { unit, points: points.slice(-TREND_POINTS_MAX) };
}

/** The summary as it stands after the pages folded in so far. */
export function summaryOf(
  fold: SiteFold,
  state: Pick<SiteSummary, 'phase' | 'revision' | 'startedAt' | 'updatedAt' | 'reportsTotal' | 'waitUntil' | 'error'> & { truncated?: boolean },
): SiteSummary {
  const latest = [...fold.byAddress.values()];
  const distribution = { good: 0, decent: 0, bad: 0, none: 0 };
  let sum = 0;
  let scored = 0;
  for (const { page } of latest) {
    distribution[page.label ?? 'none'] += 1;
    if (page.score !== null) {
      sum += page.score;
      scored += 1;
    }
  }
  return {
    project: fold.project,
    ...state,
    reportsRead: fold.reportsRead,
    unreadable: fold.unreadable,
    truncated: fold.truncated || (state.truncated ?? false),
    pages: latest.map(({ page }) => ({ ...page, failed: [...page.failed] })),
    failing: failingChecks(latest.map(({ page, importance }) => ({ failed: page.failed, importance }))).slice(0, 1000),
    trend: siteTrend(fold.scores),
    distribution,
    average: scored > 0 ? Math.round((sum / scored) * 10) / 10 : null,
  };
}
