import type { ReportPage } from '@/lib/api';
import { type ApiError, asApiError } from '@/lib/api/errors';
import type { RequestOf } from '@/lib/protocol';
import { changeQuery, listRequest } from '@/lib/options/list-query';
import type { ListQuery } from '@/lib/protocol';

export type ListRequest = RequestOf<'listReports'>;

export interface ListState {
  /** The last page the service answered; kept while a newer one loads, and when it fails. */
  page: ReportPage | null;
  /** The request `page` answers. */
  shown: ListRequest | null;
  loading: boolean;
  /** Why the newest load failed; cleared by the next success. */
  error: ApiError | null;
}

export interface ListLoaderOptions {
  fetchPage: (request: ListRequest) => Promise<ReportPage>;
  onState: (state: ListState) => void;
  /** The page asked for lay beyond the last one (reports were deleted): the query now names the last page. */
  onQueryCorrected: (query: ListQuery) => void;
}

/**
 * Loads pages of the list for a query. Each load takes a ticket; only the
 * newest ticket may change the state, so a slow answer to an older search
 * never overwrites the list for a newer one, and an old failure never hides
 * a newer success.
 */
export function createListLoader({ fetchPage, onState, onQueryCorrected }: ListLoaderOptions) {
  let state: ListState = { page: null, shown: null, loading: false, error: null };
  let latest = 0;
  const set = (change: Partial<ListState>) => {
    state = { ...state, ...change };
    onState(state);
  };

  async function load(query: ListQuery): Promise<void> {
    const ticket = ++latest;
    set({ loading: true });
    try {
      let target = query;
      let answer = await fetchPage(listRequest(target));
      if (ticket === latest && answer.reports.length === 0 && answer.total > 0 && target.page > answer.lastPage) {
        target = changeQuery(target, { page: answer.lastPage });
        onQueryCorrected(target);
        answer = await fetchPage(listRequest(target));
      }
      if (ticket === latest) set({ page: answer, shown: listRequest(target), error: null, loading: false });
    } catch (caught) {
      if (ticket !== latest) return;
      set({ error: asApiError(caught), loading: false });
    }
  }

  /** Shows a changed report (privacy saved, regenerated) without asking the service for the page again. */
  function replaceReport(report: ReportPage['reports'][number]): void {
    if (!state.page) return;
    set({ page: { ...state.page, reports: state.page.reports.map((r) => (r.id === report.id ? report : r)) } });
  }

  return { load, replaceReport, state: () => state };
}

export type ListLoader = ReturnType<typeof createListLoader>;
