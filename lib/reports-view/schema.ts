import { z } from 'zod';
import { DEFAULT_REPORTS_VIEW as D, PER_PAGE_OPTIONS, RESULT_FILTERS, SORT_DIRECTIONS, SORT_KEYS, type ReportsView } from '@/lib/options/reports-view';

const fields = {
  search: z.string().max(2048),
  project: z.string().max(255),
  result: z.enum(RESULT_FILTERS),
  sortBy: z.enum(SORT_KEYS),
  sort: z.enum(SORT_DIRECTIONS),
  perPage: z.union(PER_PAGE_OPTIONS.map((n) => z.literal(n))),
  page: z.number().int().min(1).max(1_000_000),
};

/** A view sent by the options page to be kept: anything else is refused. */
export const reportsViewInput = z.object(fields) satisfies z.ZodType<ReportsView>;

/**
 * The stored view, read field by field: one bad value (written by another
 * version, or edited by hand) falls back to its default without losing the
 * rest of what the user chose.
 */
export const reportsViewSchema = z
  .object({
    search: fields.search.catch(D.search),
    project: fields.project.catch(D.project),
    result: fields.result.catch(D.result),
    sortBy: fields.sortBy.catch(D.sortBy),
    sort: fields.sort.catch(D.sort),
    perPage: fields.perPage.catch(D.perPage),
    page: fields.page.catch(D.page),
  })
  .catch({ ...D }) satisfies z.ZodType<ReportsView>;
