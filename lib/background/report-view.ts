import type { Report } from '@/lib/api';
import type { Connected } from '@/lib/background/alive-and-connected';
import { reportWebUrl } from '@/lib/api/service-address';
import { isApiError, type ApiErrorData } from '@/lib/api/errors';
import type { HistoryPoint, ReportView } from '@/lib/protocol';
import { outcomesOf } from '@/lib/shared/check-summary';
import { sameStoredAddress } from '@/lib/shared/page-address';
import { newestFirst } from '@/lib/shared/report-order';
import { ADDRESS_HISTORY, previousOf, reportsOfAddress } from '@/lib/background/address-reports';

/**
 * The report view's data: one report with its checks, the score history of
 * its address and the report before it, read with two requests (the report,
 * and the list of its address, which carries the other reports' checks): at
 * once when the opener named the address, else one after the other.
 */

const point = (r: Report): HistoryPoint => ({ id: r.id, score: r.score, label: r.label, generatedAt: r.generatedAt ?? r.createdAt });

/** `others`: the reports of the same address the service listed (any order; the report itself may be among them). */
export function buildReportView(report: Report, others: readonly Report[], webUrl: string, historyError: ApiErrorData | null): ReportView {
  const all = newestFirst([report, ...others.filter((r) => r.id !== report.id)]);
  const previous = previousOf(report, others);
  return {
    report,
    webUrl,
    history: all.slice(0, ADDRESS_HISTORY).reverse().map(point),
    previous: previous?.checks ? { ...point(previous), outcomes: outcomesOf(previous.checks) } : null,
    historyError,
  };
}

/**
 * Reads a report and its address's history from the service; a history that fails to load leaves the report shown.
 * `address`: the report's address as its opener knew it. The list of that address is then asked for
 * together with the report, not after it; when the report turns out to be of another address, that
 * list is dropped and the right one read.
 */
export async function loadReportView({ api, baseUrl }: Connected, id: number, address?: string): Promise<ReportView> {
  const early = address ? reportsOfAddress(api, address) : null;
  // Read only if the report comes: a report that fails must not leave this failure unheard.
  early?.catch(() => undefined);
  const report = await api.getReport({ id });
  const list = early && sameStoredAddress(address!, report.url) ? early : reportsOfAddress(api, report.url);
  try {
    return buildReportView(report, (await list).reports, reportWebUrl(baseUrl, id), null);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return buildReportView(report, [], reportWebUrl(baseUrl, id), error.toJSON());
  }
}

/** One report with its checks and its address on the service, read with one request and kept nowhere: what a file handed over needs. */
export async function loadHandoverReport({ api, baseUrl }: Connected, id: number): Promise<Pick<ReportView, 'report' | 'webUrl'>> {
  return { report: await api.getReport({ id }), webUrl: reportWebUrl(baseUrl, id) };
}
