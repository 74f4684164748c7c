import type { SitemapPage } from '@/lib/protocol';

/**
 * Which of a site's sitemap addresses the planner chooses: those not reported yet and those
 * whose latest report is older than a number of days, under a path prefix, and, when asked,
 * one page per template. Pure, so the site view can plan the same way.
 */

export interface PlanChoice {
  /** Only addresses whose path starts with this (`/blog/`); empty for all. */
  prefix: string;
  /** A page last reported more than this many days ago is chosen again. */
  staleDays: number;
  /** One page of each template (`templateKey`). */
  onePerTemplate: boolean;
}

export interface Plan {
  chosen: string[];
  /** Under the prefix: never reported, reported longer ago than `staleDays`, reported since. */
  notReported: number;
  stale: number;
  recent: number;
  /** Left out as other pages of a template already chosen. */
  sameTemplate: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What makes pages one template: the same site and path but its last segment, query left out.
 * `/blog/a` and `/blog/b?page=2` are `/blog/*`; `/` and `/?lang=de` are `/`.
 */
export function templateKey(address: string): string {
  const url = new URL(address);
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '') return `${url.origin}/`;
  return `${url.origin}${path.slice(0, path.lastIndexOf('/') + 1)}*`;
}

/** Whether the address's path starts with `prefix` (a prefix without its leading `/` is read as if it had one). */
export function underPrefix(address: string, prefix: string): boolean {
  const wanted = prefix.trim();
  if (wanted === '') return true;
  const url = new URL(address);
  return (url.pathname + url.search).startsWith(wanted.startsWith('/') ? wanted : `/${wanted}`);
}

export function planPages(pages: readonly SitemapPage[], choice: PlanChoice, now: number): Plan {
  const plan: Plan = { chosen: [], notReported: 0, stale: 0, recent: 0, sameTemplate: 0 };
  const staleBefore = now - Math.max(0, choice.staleDays) * DAY_MS;
  const templates = new Set<string>();
  for (const page of pages) {
    if (!underPrefix(page.url, choice.prefix)) continue;
    const at = page.lastReportAt === null ? null : Date.parse(page.lastReportAt);
    if (at === null || Number.isNaN(at)) plan.notReported++;
    else if (at < staleBefore) plan.stale++;
    else {
      plan.recent++;
      continue;
    }
    if (choice.onePerTemplate) {
      const key = templateKey(page.url);
      if (templates.has(key)) {
        plan.sameTemplate++;
        continue;
      }
      templates.add(key);
    }
    plan.chosen.push(page.url);
  }
  return plan;
}

/** The month's quota against the chosen pages: `left` null when unlimited or unknown; `over` the pages past it. */
export function quotaPlan(chosen: number, quota: { reportsPerMonth: number | 'unlimited' | null; madeThisMonth: number } | null) {
  if (!quota || typeof quota.reportsPerMonth !== 'number') return { left: null, over: 0 };
  const left = Math.max(0, quota.reportsPerMonth - quota.madeThisMonth);
  return { left, over: Math.max(0, chosen - left) };
}
