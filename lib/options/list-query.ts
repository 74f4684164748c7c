import type { ListFilters, ListQuery, RequestOf } from '@/lib/protocol';
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

/** The query without its paging: what "every matching report" and the CSV export read. */
export function listFilters({ search, project, result, sortBy, sort }: ListQuery): ListFilters {
  return { search, project, result, sortBy, sort };
}

/** Everything in the query but the page: what decides which reports are listed. */
const LIST_KEYS = ['search', 'project', 'result', 'sortBy', 'sort', 'perPage'] as const satisfies readonly (keyof ListQuery)[];

/**
 * Applies a change to the query. Any change other than the page itself sends
 * the user back to page 1: page 7 of one filter means nothing under another.
 */
export function changeQuery(query: ListQuery, change: Partial<ListQuery>): ListQuery {
  const next = { ...query, ...change };
  const listChanged = LIST_KEYS.some((key) => key in change && change[key] !== query[key]);
  if (listChanged) next.page = 1;
  next.page = Math.max(1, Math.floor(next.page));
  return next;
}

/** Whether the query narrows the list (so an empty page means "nothing matches", not "no reports"). */
export function hasFilters(query: ListQuery): boolean {
  return query.search.trim() !== '' || query.project.trim() !== '' || query.result !== 'all';
}

/** Drops search and filters; keeps the sort and page size the user chose. */
export function clearFilters(query: ListQuery): ListQuery {
  return changeQuery(query, { search: '', project: '', result: 'all' });
}

/** The `listReports` message for a query; empty filters are left out rather than sent empty. */
export function listRequest(query: ListQuery): RequestOf<'listReports'> {
  const search = query.search.trim();
  const project = query.project.trim();
  return {
    ...(search ? { search } : {}),
    ...(project ? { project } : {}),
    ...(query.result !== 'all' ? { result: query.result } : {}),
    sortBy: query.sortBy,
    sort: query.sort,
    perPage: query.perPage,
    page: query.page,
  };
}
