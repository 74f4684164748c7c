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
  const url = new URL(address);
  return (url.pathname + url.search).startsWith(pathPrefix(prefix));
}

/** The prefix as a path: trimmed, with its leading `/`; empty for none. */
function pathPrefix(prefix: string): string {
  const wanted = prefix.trim();
  return wanted === '' || wanted.startsWith('/') ? wanted : `/${wanted}`;
}

/** A sitemap page read once for planning: its path and query, its template, when it was last reported (ms, or null). */
export interface PreparedPage {
  url: string;
  path: string;
  template: string;
  reportedAt: number | null;
}

/** Each address parsed once, so a plan of 50,000 pages is redrawn as fast as the user types. */
export function preparePages(pages: readonly SitemapPage[]): PreparedPage[] {
  return pages.map((page) => {
    const url = new URL(page.url);
    const at = page.lastReportAt === null ? NaN : Date.parse(page.lastReportAt);
    return { url: page.url, path: url.pathname + url.search, template: templateKey(page.url), reportedAt: Number.isNaN(at) ? null : at };
  });
}

export function planPages(pages: readonly PreparedPage[], choice: PlanChoice, now: number): Plan {
  const plan: Plan = { chosen: [], notReported: 0, stale: 0, recent: 0, sameTemplate: 0 };
  const staleBefore = now - Math.max(0, choice.staleDays) * DAY_MS;
  const templates = new Set<string>();
  const prefix = pathPrefix(choice.prefix);
  for (const page of pages) {
    if (!page.path.startsWith(prefix)) continue;
    if (page.reportedAt === null) plan.notReported++;
    else if (page.reportedAt < staleBefore) plan.stale++;
    else {
      plan.recent++;
      continue;
    }
    if (choice.onePerTemplate) {
      if (templates.has(page.template)) {
        plan.sameTemplate++;
        continue;
      }
      templates.add(page.template);
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
