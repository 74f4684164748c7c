import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report, ReportPage, ReportsApi } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import type { ListFilters } from '@/lib/protocol';
import { exportCsv, EXPORT_MAX_REPORTS, matchingTargets } from '@/lib/background/runs/matching-reports';
import { MAX_RUN_ITEMS, startRun } from '@/lib/background/runs/run-engine';

/**
 * "Select all N matching" and the CSV export read the matching reports page by page. A service that counts
 * more than they take, or keeps answering "next", is refused as soon as that shows, not after every page.
 */

const FILTERS: ListFilters = { search: '', project: '', result: 'all', sortBy: 'id', sort: 'asc' };
const PER_PAGE = 100;

const report = (id: number): Report => ({
  id,
  url: `example.com/${id}`,
  project: 'example.com',
  score: 50,
  label: 'decent',
  privacy: 0,
  hasPassword: false,
  generatedAt: null,
  createdAt: null,
  updatedAt: null,
  checks: null,
});

/** A service with full pages of new reports on every page it is asked for, that says `total` match over `lastPage` pages. */
function pagingService({ total, lastPage }: { total: number; lastPage: number }) {
  const asked: number[] = [];
  const listReports = async ({ page = 1 }: { page?: number }): Promise<ReportPage> => {
    asked.push(page);
    const reports = Array.from({ length: PER_PAGE }, (_, i) => report((page - 1) * PER_PAGE + i + 1));
    return { reports, unreadable: 0, serviceTime: null, page, lastPage, perPage: PER_PAGE, total, from: null, to: null };
  };
  return { api: { listReports } as unknown as ReportsApi, asked };
}

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('"Select all N matching" against a service with more than one run holds', () => {
  it('stops after the first page when the service counts more matches than a run holds', async () => {
    const { api, asked } = pagingService({ total: 25_000, lastPage: 250 });
    const { matched } = await matchingTargets(api, FILTERS, MAX_RUN_ITEMS);
    expect(asked).toEqual([1]);
    expect(matched).toBe(25_000);
  });

  it('stops one page past the limit when the service counts too few and keeps answering "next"', async () => {
    const { api, asked } = pagingService({ total: 10, lastPage: 1_000_000 });
    const { targets, matched } = await matchingTargets(api, FILTERS, MAX_RUN_ITEMS);
    expect(asked).toHaveLength(MAX_RUN_ITEMS / PER_PAGE + 1);
    expect(targets).toHaveLength(MAX_RUN_ITEMS + PER_PAGE);
    expect(matched).toBe(MAX_RUN_ITEMS + PER_PAGE);
  });

  it('reads every page of a selection the run can hold', async () => {
    const { api, asked } = pagingService({ total: 1_000, lastPage: 10 });
    const { targets, matched } = await matchingTargets(api, FILTERS, MAX_RUN_ITEMS);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(targets).toHaveLength(1_000);
    expect(matched).toBe(1_000);
  });

  it('refuses the run in the words of the whole selection, not of the part read', async () => {
    fakeBrowser.reset();
    const { api } = pagingService({ total: 25_000, lastPage: 250 });
    const { targets, matched } = await matchingTargets(api, FILTERS, MAX_RUN_ITEMS);
    const error = await refusal(startRun('delete', targets, undefined, matched));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('Delete 25,000 reports is more than one run can hold (20,000). Narrow the filters and run it in parts.');
  });
});

describe('the CSV export against a service with more reports than one file holds', () => {
  it('stops after the first page when the service counts more than one file holds', async () => {
    const { api, asked } = pagingService({ total: EXPORT_MAX_REPORTS + 1, lastPage: 1_001 });
    const error = await refusal(exportCsv(api, 'https://reports.example.com', FILTERS));
    expect(asked).toEqual([1]);
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('More reports match this view than one CSV file holds (100,000). Narrow the filters and export it in parts.');
  });

  it('stops at the page that would take it past the limit when the service counts too few', async () => {
    const { api, asked } = pagingService({ total: 10, lastPage: 1_000_000 });
    const error = await refusal(exportCsv(api, 'https://reports.example.com', FILTERS, 1_000));
    expect(asked).toHaveLength(11);
    expect(error.kind).toBe('validation');
  });

  it('exports a view the file can hold, every page of it', async () => {
    const { api, asked } = pagingService({ total: 300, lastPage: 3 });
    const { count } = await exportCsv(api, 'https://reports.example.com', FILTERS);
    expect(asked).toEqual([1, 2, 3]);
    expect(count).toBe(300);
  });
});
