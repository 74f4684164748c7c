import type { Report, ReportsApi } from '@/lib/api';
import { errorForPages, isApiError } from '@/lib/api/errors';
import type { PageState } from '@/lib/protocol';
import { sameAddress, storedAddress } from '@/lib/shared/page-address';
import { currentJob } from '@/lib/background/report-jobs';
import { queuedFor } from '@/lib/background/report-queue';

/**
 * A report as lists show it: the checks behind the score stay in the
 * background (a page of 100 reports carries about 200 KB of them, which no
 * list draws).
 */
export function withoutChecks(report: Report): Report & { checks: null } {
  return { ...report, checks: null };
}

/**
 * The reports already made for a page, newest first, and the service's clock
 * when it answered. The service's search is a substring match, so the rest is
 * filtered out here.
 */
export async function reportsForPage(api: ReportsApi, url: string): Promise<{ reports: (Report & { checks: null })[]; serviceTime: number | null }> {
  const page = await api.listReports({ search: storedAddress(url), searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: 25 });
  return { reports: page.reports.filter((report) => sameAddress(report.url, url)).map(withoutChecks), serviceTime: page.serviceTime };
}

/** The popup's view of a page: its report job, and its reports (or why they could not be read). */
export async function pageState(api: ReportsApi | null, url: string): Promise<Omit<PageState, 'settings'>> {
  const [job, queued] = await Promise.all([currentJob(api, url), queuedFor(url)]);
  if (!api) return { job, queued, reports: [], reportsError: null };
  try {
    return { job, queued, reports: (await reportsForPage(api, url)).reports, reportsError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { job, queued, reports: [], reportsError: errorForPages(error) };
  }
}
