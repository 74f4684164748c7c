import type { ReportsApi } from '@/lib/api';
import { matchingPages } from '@/lib/background/runs/matching-reports';
import { MAX_WATCHES, type ListFilters, type MatchingPagesToWatch } from '@/lib/protocol';
import { pageKey } from '@/lib/shared/page-address';
import type { Privacy } from '@/lib/shared/privacy';

/** A report's address as a page to watch: reports carry theirs without a scheme. */
const asAddress = (stored: string) => (/^[a-z][a-z\d+.-]*:/i.test(stored) ? stored : `https://${stored}`);

/**
 * The pages of the reports the manager's filters match, newest report first so each page has its latest
 * report's privacy. Pages watched already are left out; reading stops as soon as more pages than there is
 * room for are found, so a filter of thousands of pages reads no further than it must.
 */
export async function matchingPagesToWatch(
  api: ReportsApi,
  filters: ListFilters,
  watchedUrls: readonly string[],
  max = MAX_WATCHES,
): Promise<MatchingPagesToWatch> {
  const room = Math.max(0, max - watchedUrls.length);
  const known = new Set(watchedUrls.map(pageKey));
  const pages = new Map<string, { url: string; privacy: Privacy }>();
  for await (const page of matchingPages(api, filters, { sortBy: 'id', sort: 'desc' })) {
    for (const report of page.reports) {
      const url = asAddress(report.url);
      let key: string;
      try {
        key = pageKey(url);
      } catch {
        continue; // An address the service sent that is no web address is no page to watch.
      }
      if (known.has(key) || pages.has(key)) continue;
      pages.set(key, { url, privacy: report.privacy });
      if (pages.size > room) return { pages: [], tooMany: true, watched: watchedUrls.length, max };
    }
  }
  return { pages: [...pages.values()], tooMany: false, watched: watchedUrls.length, max };
}
