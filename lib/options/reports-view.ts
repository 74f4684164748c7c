import type { RequestOf } from '@/lib/protocol';
import { RESULT_LABELS, type ResultLabel } from '@/lib/shared/score';

/**
 * What the reports manager shows: the list parameters the service offers
 * plus the page. Zod-free, so the options page can use it without the
 * storage schema.
 */

export const SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];

export const RESULT_FILTERS = ['all', ...RESULT_LABELS] as const;
export type ResultFilter = 'all' | ResultLabel;

export interface ReportsView {
  /** Text looked for in the stored addresses; empty for none. */
  search: string;
  /** Exact project (host) to show; empty for every project. */
  project: string;
  result: ResultFilter;
  sortBy: SortKey;
  sort: SortDirection;
  perPage: PerPage;
  page: number;
}

/** Newest first, as the service itself lists them. */
export const DEFAULT_REPORTS_VIEW: Readonly<ReportsView> = Object.freeze({
  search: '',
  project: '',
  result: 'all',
  sortBy: 'id',
  sort: 'desc',
  perPage: 25,
  page: 1,
});

export const SORT_KEY_TEXT: Record<SortKey, string> = {
  id: 'Creation order',
  generated_at: 'Generated date',
  url: 'Address',
  result: 'Result',
};

/**
 * Applies a change to the view. Any change other than the page itself sends
 * the user back to page 1: page 7 of one filter means nothing under another.
 */
export function changeView(view: ReportsView, change: Partial<ReportsView>): ReportsView {
  const next = { ...view, ...change };
  const listChanged = (Object.keys(change) as (keyof ReportsView)[]).some((key) => key !== 'page' && change[key] !== view[key]);
  if (listChanged) next.page = 1;
  next.page = Math.max(1, Math.floor(next.page));
  return next;
}

/** Whether the view narrows the list (so an empty page means "nothing matches", not "no reports"). */
export function hasFilters(view: ReportsView): boolean {
  return view.search.trim() !== '' || view.project.trim() !== '' || view.result !== 'all';
}

/** Drops search and filters; keeps the sort and page size the user chose. */
export function clearFilters(view: ReportsView): ReportsView {
  return changeView(view, { search: '', project: '', result: 'all' });
}

/** The `listReports` message for a view; empty filters are left out rather than sent empty. */
export function listRequest(view: ReportsView): RequestOf<'listReports'> {
  const search = view.search.trim();
  const project = view.project.trim();
  return {
    ...(search ? { search } : {}),
    ...(project ? { project } : {}),
    ...(view.result !== 'all' ? { result: view.result } : {}),
    sortBy: view.sortBy,
    sort: view.sort,
    perPage: view.perPage,
    page: view.page,
  };
}
