import type { SiteFailing, SitePage } from '@/lib/protocol';
import type { ResultLabel } from '@/lib/shared/score';

/** The site view's list of pages: sorted by score, address or date, filtered by label; and the pages a check fails on. */

export const SITE_SORT_KEYS = ['score', 'url', 'date'] as const;
export type SiteSortKey = (typeof SITE_SORT_KEYS)[number];
export interface SiteListOptions {
  sortBy: SiteSortKey;
  direction: 'asc' | 'desc';
  label: ResultLabel | 'all';
}

/** The worst pages first: what a user looks after first. */
export const DEFAULT_SITE_LIST: SiteListOptions = { sortBy: 'score', direction: 'asc', label: 'all' };

const dateOf = (page: SitePage) => Date.parse(page.generatedAt ?? '') || 0;

const byUrl = (a: SitePage, b: SitePage) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

function compare(a: SitePage, b: SitePage, sortBy: SiteSortKey): number {
  if (sortBy === 'url') return byUrl(a, b);
  if (sortBy === 'date') return dateOf(a) - dateOf(b);
  return (a.score ?? 0) - (b.score ?? 0);
}

export function sitePageList(pages: readonly SitePage[], { sortBy, direction, label }: SiteListOptions): SitePage[] {
  const sign = direction === 'asc' ? 1 : -1;
  const unscored = (page: SitePage) => (sortBy === 'score' && page.score === null ? 1 : 0);
  return (
    pages
      .filter((page) => label === 'all' || page.label === label)
      // Pages without a score go last whichever way.
      .sort((a, b) => unscored(a) - unscored(b) || sign * compare(a, b, sortBy) || byUrl(a, b))
  );
}

/** The pages whose latest report fails `key`, by address. */
export function pagesFailing(pages: readonly SitePage[], key: string): SitePage[] {
  return pages.filter((page) => page.failed.includes(key)).sort(byUrl);
}

/** Each failing check with its pages, in the summary's order (most impact first). */
export function failingWithPages(pages: readonly SitePage[], failing: readonly SiteFailing[]): { check: SiteFailing; pages: SitePage[] }[] {
  const byKey = new Map<string, SitePage[]>(failing.map((f) => [f.key, []]));
  for (const page of pages) for (const key of page.failed) byKey.get(key)?.push(page);
  return failing.map((check) => ({ check, pages: (byKey.get(check.key) ?? []).sort(byUrl) }));
}
