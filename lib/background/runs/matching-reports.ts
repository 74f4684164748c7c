import type { Report, ReportsApi } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/service-address';
import { ApiError } from '@/lib/api/errors';
import type { ListFilters, ListQuery } from '@/lib/protocol';
import { toCsv } from '@/lib/shared/csv';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/**
 * Every report the reports manager's filters match, read page by page from
 * the service (100 a page, the most it gives): the targets of "Select all N
 * matching", and the CSV export of the current view. Each has a most it
 * takes, and reading stops as soon as more than that match.
 */

/** Far more pages than any account holds: a service that keeps answering "next" cannot keep the worker busy forever. */
const MAX_PAGES = 2_000;

/** The most reports one CSV file holds: far above any real account (a few thousand), and about 15 MB of CSV. */
export const EXPORT_MAX_REPORTS = 100_000;

/** One page of matching reports, and how many match in all as the service counts them. */
interface MatchingPage {
  reports: Report[];
  total: number;
}

/** The reports matching the filters, in the order asked, one page at a time. */
export async function* matchingPages(
  api: ReportsApi,
  filters: ListFilters,
  order?: Pick<ListQuery, 'sortBy' | 'sort'>,
): AsyncGenerator<MatchingPage> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.listReports({
      search: filters.search || undefined,
      searchBy: filters.search ? 'url' : undefined,
      project: filters.project || undefined,
      result: filters.result === 'all' ? undefined : filters.result,
      sortBy: order?.sortBy ?? 'id',
      sort: order?.sort ?? 'asc',
      perPage: 100,
      page,
    });
    yield { reports: answer.reports, total: answer.total };
    if (answer.page >= answer.lastPage || answer.reports.length === 0) return;
  }
}

/**
 * The ids and addresses of the matching reports, and how many match. By id, oldest first: a report made
 * meanwhile comes last and does not shift the pages read. Reading stops once more than `max` match, by the
 * service's count or by the reports read: a run that large is refused whole, so the rest need not be read.
 */
export async function matchingTargets(
  api: ReportsApi,
  filters: ListFilters,
  max: number,
): Promise<{ targets: { reportId: number; url: string }[]; matched: number }> {
  const targets = new Map<number, string>();
  let matched = 0;
  for await (const page of matchingPages(api, filters)) {
    for (const report of page.reports) targets.set(report.id, report.url);
    matched = Math.max(page.total, targets.size);
    if (matched > max) break;
  }
  return { targets: [...targets].map(([reportId, url]) => ({ reportId, url })), matched };
}

/** The columns' names in the UI language; the cells stay as the service sent them. */
export const csvHeader = () => [t('csvAddress'), t('csvProject'), t('csvScore'), t('csvLabel'), t('csvPrivacy'), t('csvGenerated'), t('csvLink')];

/** The current view, all pages, in its own order, as CSV; refused once more than `max` reports match. */
export async function exportCsv(
  api: ReportsApi,
  baseUrl: string,
  filters: ListFilters,
  max = EXPORT_MAX_REPORTS,
): Promise<{ csv: string; count: number }> {
  const rows: (string | number | null)[][] = [];
  for await (const { reports, total } of matchingPages(api, filters, filters)) {
    if (Math.max(total, rows.length + reports.length) > max) throw new ApiError({ kind: 'validation', message: t('rmExportTooBig', { max }) });
    for (const r of reports) {
      rows.push([
        r.url,
        r.project,
        r.score,
        r.label ? RESULT_LABEL_TEXT[r.label] : null,
        PRIVACY_TEXT[r.privacy],
        r.generatedAt,
        reportWebUrl(baseUrl, r.id),
      ]);
    }
  }
  return { csv: toCsv(csvHeader(), rows), count: rows.length };
}
