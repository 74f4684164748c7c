import type { ReportsApi } from '@/lib/api';
import type { ComparableReport } from '@/lib/protocol';
import { samePathOtherHost, storedHostAndPath } from '@/lib/shared/page-address';
import { newestFirst } from '@/lib/shared/report-order';

/**
 * The reports of one path on other hosts (a staging site and its production), for "Compare with…".
 * The service's search is a substring match on the stored address, so the path is searched for and
 * the rest filtered out here; a site's home page has no path to search, so the newest reports are read.
 */

/** The most reports read in one request, and the most offered. */
export const PATH_SEARCH_PAGE = 100;
export const PATH_OFFERED = 25;

export async function reportsOfPathOnOtherHosts(api: ReportsApi, stored: string): Promise<ComparableReport[]> {
  const { path } = storedHostAndPath(stored);
  const page = await api.listReports({
    ...(path ? { search: path, searchBy: 'url' as const } : {}),
    sortBy: 'id',
    sort: 'desc',
    perPage: PATH_SEARCH_PAGE,
    withChecks: false,
  });
  return newestFirst(page.reports.filter((r) => samePathOtherHost(stored, r.url)))
    .slice(0, PATH_OFFERED)
    .map((r) => ({ id: r.id, url: r.url, score: r.score, label: r.label, generatedAt: r.generatedAt ?? r.createdAt }));
}
