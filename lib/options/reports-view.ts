import type { ListFilters, ReportsView, RequestOf } from '@/lib/protocol';
import type { SortKey } from '@/lib/shared/list-options';
import { t } from '@/lib/shared/i18n';

/**
 * What the reports manager shows: the list parameters the service offers
 * plus the page, and how a change to one of them moves the page.
 */

export const SORT_KEY_TEXT: Record<SortKey, string> = {
  id: t('rmSortCreation'),
  generated_at: t('rmSortGenerated'),
  url: t('rmAddress'),
  result: t('rmResult'),
};

/** The view without its paging: what "every matching report" and the CSV export read. */
export function listFilters({ search, project, result, sortBy, sort }: ReportsView): ListFilters {
  return { search, project, result, sortBy, sort };
}

/** Everything in the view but the page: what decides which reports are listed. */
const LIST_KEYS = ['search', 'project', 'result', 'sortBy', 'sort', 'perPage'] as const satisfies readonly (keyof ReportsView)[];

/**
 * Applies a change to the view. Any change other than the page itself sends
 * the user back to page 1: page 7 of one filter means nothing under another.
 */
export function changeView(view: ReportsView, change: Partial<ReportsView>): ReportsView {
  const next = { ...view, ...change };
  const listChanged = LIST_KEYS.some((key) => key in change && change[key] !== view[key]);
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
