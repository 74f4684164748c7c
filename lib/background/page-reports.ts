import type { Report, ReportsApi } from '@/lib/api';
import { sameAddress, storedAddress } from '@/lib/shared/page-address';

/**
 * A report as lists show it: the checks behind the score stay in the
 * background (a page of 100 reports carries about 200 KB of them, which no
 * list draws).
 */
export function withoutChecks(report: Report): Report {
  return { ...report, checks: null };
}

/** The reports already made for a page, newest first. The service's search is a substring match, so the rest is filtered out here. */
export async function reportsForPage(api: ReportsApi, url: string): Promise<Report[]> {
  const page = await api.listReports({ search: storedAddress(url), searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 });
  return page.reports.filter((report) => sameAddress(report.url, url)).map(withoutChecks);
}
