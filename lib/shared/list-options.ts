import type { ListQuery } from '@/lib/protocol';
import { RESULT_LABELS } from '@/lib/shared/score';

/**
 * The ways the service's report list can be sorted, ordered, paged and
 * filtered, listed once. Tuples, so the API client's types, the protocol's
 * zod schemas and the reports manager's menus all read the same values.
 */

export const SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];

/** The result filter of the reports manager: a result word, or every report. */
export const RESULT_FILTERS = ['all', ...RESULT_LABELS] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

/** The reports manager's list before the user changes it: newest first, as the service itself lists them. */
export const DEFAULT_LIST_QUERY: Readonly<ListQuery> = Object.freeze({
  search: '',
  project: '',
  result: 'all',
  sortBy: 'id',
  sort: 'desc',
  perPage: 25,
  page: 1,
});
