import type { Report, ReportsApi } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/address';
import type { ListFilters, ListQuery } from '@/lib/protocol';
import { toCsv } from '@/lib/shared/csv';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/**
 * Every report the reports manager's filters match, read page by page from
 * the service (100 a page, the most it gives): the targets of "Select all N
 * matching", and the CSV export of the current view.
 */

/** Far more pages than any account holds: a service that keeps answering "next" cannot keep the worker busy forever. */
const MAX_PAGES = 2_000;

/** The reports matching the filters, in the order asked, one page at a time. */
export async function* matchingPages(api: ReportsApi, filters: ListFilters, order?: Pick<ListQuery, 'sortBy' | 'sort'>): AsyncGenerator<Report[]> {
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
    yield answer.reports;
    if (answer.page >= answer.lastPage || answer.reports.length === 0) return;
  }
}

/** The ids and addresses of every matching report. By id, oldest first: a report made meanwhile comes last and does not shift the pages read. */
export async function matchingTargets(api: ReportsApi, filters: ListFilters): Promise<{ reportId: number; url: string }[]> {
  const targets = new Map<number, string>();
  for await (const reports of matchingPages(api, filters)) for (const report of reports) targets.set(report.id, report.url);
  return [...targets].map(([reportId, url]) => ({ reportId, url }));
}

/** The columns' names in the UI language; the cells stay as the service sent them. */
export const csvHeader = () => [t('csvAddress'), t('csvProject'), t('csvScore'), t('csvLabel'), t('csvPrivacy'), t('csvGenerated'), t('csvLink')];

/** The current view, all pages, in its own order, as CSV. */
export async function exportCsv(api: ReportsApi, baseUrl: string, filters: ListFilters): Promise<{ csv: string; count: number }> {
  const rows: (string | number | null)[][] = [];
  for await (const reports of matchingPages(api, filters, filters)) {
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
