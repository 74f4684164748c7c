import type { ListParams, Report, ReportOutcomes, ReportPage, ReportsApi } from '@/lib/api';
import { isApiError } from '@/lib/api/errors';
import type { ListedReport } from '@/lib/protocol';
import { compareOutcomes, outcomesOf, scoreDelta, summariseChecks, type CheckOutcome, type CheckSummary } from '@/lib/shared/check-summary';
import { sameStoredAddress, storedAddress } from '@/lib/shared/page-address';
import { newestFirst, reportTime, type Dated } from '@/lib/shared/report-order';

/**
 * The reports of one address, as the popup's list, its summaries and the
 * report view's history and "what changed" read them: one list request
 * brings each report's checks along, so comparing two reports costs nothing
 * more.
 */

/** The most the history holds, and the most one list request brings. */
export const ADDRESS_HISTORY = 25;

/** What a summary needs of a report: its score and its checks' outcomes. */
type Counted = Dated & { score: number | null; checks: Readonly<Record<string, CheckOutcome>> | null };

/**
 * The latest reports of an address as the service stores it (`example.com/blog`), newest first, read by `list`, and
 * the service's clock when it answered. The service's search is a substring match, so the rest is filtered out here.
 */
async function ofAddress<R extends Dated & { url: string }>(
  list: (p: ListParams) => Promise<ReportPage<R>>,
  stored: string,
): Promise<{ reports: R[]; serviceTime: number | null }> {
  const page = await list({ search: stored, searchBy: 'url', sortBy: 'id', sort: 'desc', perPage: ADDRESS_HISTORY });
  return { reports: newestFirst(page.reports.filter((report) => sameStoredAddress(report.url, stored))), serviceTime: page.serviceTime };
}

/** The latest reports of an address, with their checks and findings: for the report view's history and what changed. */
export function reportsOfAddress(api: ReportsApi, stored: string): Promise<{ reports: Report[]; serviceTime: number | null }> {
  return ofAddress((p) => api.listReports(p), stored);
}

/** The latest reports of an address, their checks read as outcomes only: for summaries. */
function outcomesOfAddress(api: ReportsApi, stored: string): Promise<{ reports: ReportOutcomes[]; serviceTime: number | null }> {
  return ofAddress((p) => api.listReportOutcomes(p), stored);
}

/** The report made just before `report` among `others` (any order), or null when it is the first. */
export function previousOf<R extends Dated>(report: Dated, others: readonly R[]): R | null {
  const at = reportTime(report);
  const older = others.filter((r) => r.id !== report.id && (reportTime(r) < at || (reportTime(r) === at && r.id < report.id)));
  return newestFirst(older)[0] ?? null;
}

/** The checks of a report counted, and compared with the report before it when both have checks. */
export function summaryOf(report: Counted, previous: Counted | null): CheckSummary | null {
  if (!report.checks) return null;
  let change: CheckSummary['change'] = null;
  if (previous?.checks) {
    const { fixed, broken } = compareOutcomes(outcomesOf(report.checks), outcomesOf(previous.checks));
    change = { previousId: previous.id, scoreDelta: scoreDelta(report.score, previous.score), fixed: fixed.length, broken: broken.length };
  }
  return { ...summariseChecks(report.checks), change };
}

/**
 * A report as the popup lists it: the checks behind the score stay in the
 * background (a page of 25 reports carries about 50 KB of them, which no list
 * draws); their summary goes instead.
 */
export function listedReport(report: Report | ReportOutcomes, previous: Counted | null): ListedReport {
  return { ...report, checks: null, summary: summaryOf(report, previous) };
}

/**
 * A report just made, as the popup lists it: its summary says what changed since the report
 * before. When the list cannot be read, the report is still made: the summary then has no change.
 */
export async function listedNewReport(api: ReportsApi, report: Report): Promise<ListedReport> {
  try {
    return listedReport(report, previousOf(report, (await outcomesOfAddress(api, report.url)).reports));
  } catch (error) {
    if (!isApiError(error)) throw error;
    return listedReport(report, null);
  }
}

/**
 * The reports already made for a page, newest first, each with the summary of
 * its checks, and the service's clock when it answered (to read its own dates
 * against).
 */
export async function reportsForPage(api: ReportsApi, url: string): Promise<{ reports: ListedReport[]; serviceTime: number | null }> {
  const { reports, serviceTime } = await outcomesOfAddress(api, storedAddress(url));
  return { reports: reports.map((report, i) => listedReport(report, reports[i + 1] ?? null)), serviceTime };
}

/**
 * The report a create sent at `startedAt` made, if the service has it: of the same page and
 * privacy, created at or after the send by the service's own clock (the browser's may be
 * minutes off), never one made before.
 */
export async function findMadeFor(api: ReportsApi, job: { url: string; privacy: number; startedAt: number }): Promise<ListedReport | null> {
  const { reports, serviceTime } = await reportsForPage(api, job.url);
  const offset = serviceTime === null ? 0 : serviceTime - Date.now();
  // The Date header counts whole seconds, and the request took a moment: two seconds of slack.
  const since = job.startedAt + offset - 2_000;
  const made = (r: ListedReport) => r.privacy === job.privacy && r.createdAt !== null && Date.parse(r.createdAt) >= since;
  return reports.find(made) ?? null;
}
