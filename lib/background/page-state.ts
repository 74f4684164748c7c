import type { Report, ReportsApi } from '@/lib/api';
import { isApiError } from '@/lib/api/errors';
import type { ListedReport, PageState } from '@/lib/protocol';
import { storedAddress } from '@/lib/shared/page-address';
import { listedReport, reportsOfAddress } from '@/lib/background/address-reports';
import { currentJob } from '@/lib/background/report-jobs';

/** A report as the options page lists it: the checks behind the score stay in the background. */
export function withoutChecks(report: Report): Report & { checks: null } {
  return { ...report, checks: null };
}

/** The reports already made for a page, newest first, each with the summary of its checks. */
export async function reportsForPage(api: ReportsApi, url: string): Promise<ListedReport[]> {
  const reports = await reportsOfAddress(api, storedAddress(url));
  return reports.map((report, i) => listedReport(report, reports[i + 1] ?? null));
}

/** The popup's view of a page: its report job, and its reports (or why they could not be read). */
export async function pageState(api: ReportsApi | null, url: string): Promise<Omit<PageState, 'settings'>> {
  const job = await currentJob(api, url);
  if (!api) return { job, reports: [], reportsError: null };
  try {
    return { job, reports: await reportsForPage(api, url), reportsError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { job, reports: [], reportsError: error.toJSON() };
  }
}
