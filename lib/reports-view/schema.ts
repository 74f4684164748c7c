import { z } from 'zod';
import { DEFAULT_REPORTS_VIEW as D, PER_PAGE_OPTIONS, RESULT_FILTERS, SORT_DIRECTIONS, SORT_KEYS, type ReportsView } from './view-state';

/**
 * The stored view, read field by field: one bad value (written by another
 * version, or edited by hand) falls back to its default without losing the
 * rest of what the user chose.
 */
export const reportsViewSchema = z
  .object({
    search: z.string().max(2048).catch(D.search),
    project: z.string().max(255).catch(D.project),
    result: z.enum(RESULT_FILTERS).catch(D.result),
    sortBy: z.enum(SORT_KEYS).catch(D.sortBy),
    sort: z.enum(SORT_DIRECTIONS).catch(D.sort),
    perPage: z.union(PER_PAGE_OPTIONS.map((n) => z.literal(n))).catch(D.perPage),
    page: z.number().int().min(1).max(1_000_000).catch(D.page),
  })
  .catch({ ...D }) satisfies z.ZodType<ReportsView>;
