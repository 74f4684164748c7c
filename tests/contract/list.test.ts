import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListParams, Report, ReportsApi } from '@/lib/api';
import type { ResultLabel } from '@/lib/shared/score';
import { ACCOUNTS, startService } from './harness';

let env: Awaited<ReturnType<typeof startService>>;

const COUNT = 120;
/** Boundaries of the result words and a report without a score among them. */
const SCORES = [0, 48, 49, 50, 79, 80, 100, null, 65, 12];
const START = Date.parse('2025-02-01T00:00:00Z');

interface Seeded {
  id: number;
  url: string;
  project: string;
  score: number | null;
  generatedAt: string;
}
let seeded: Seeded[] = [];

beforeAll(async () => {
  env = await startService();
  const seeds = Array.from({ length: COUNT }, (_, i) => ({
    // Some with www., which the service strips from the url and the project.
    url: `https://${i % 4 === 0 ? 'www.' : ''}site${i % 3}.example/page-${String(i).padStart(3, '0')}`,
    score: SCORES[i % SCORES.length] ?? null,
    // Generated in an order unlike the ids, so the two sort keys can be told apart.
    generatedAt: new Date(START + ((i * 37) % COUNT) * 60_000).toISOString(),
  }));
  const made = env.service.seedReports(ACCOUNTS.ada.apiKey, seeds);
  seeded = made.map((m, i) => ({ ...m, score: seeds[i]!.score, generatedAt: seeds[i]!.generatedAt }));
  env.service.seedReports(ACCOUNTS.bob.apiKey, [{ url: 'https://bob.example/only-mine', score: 90 }]);
});
afterAll(() => env.service.close());

const ada = () => env.apiFor('ada');

/** Every report of a listing, page by page. */
async function everyPage(api: ReportsApi, params: ListParams): Promise<Report[][]> {
  const pages: Report[][] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await api.listReports({ ...params, page });
    pages.push(result.reports);
    if (page >= result.lastPage) break;
  }
  return pages;
}

const idsDescending = () => seeded.map((s) => s.id).sort((a, b) => b - a);

describe('paging', () => {
  it('lists 10 reports, newest first, by default', async () => {
    const page = await ada().listReports();
    expect(page).toMatchObject({ page: 1, perPage: 10, total: COUNT, lastPage: 12, from: 1, to: 10 });
    expect(page.reports.map((r) => r.id)).toEqual(idsDescending().slice(0, 10));
  });

  it.each([10, 25, 50, 100] as const)('walks every page of %i reports', async (perPage) => {
    const pages = await everyPage(ada(), { perPage });
    expect(pages).toHaveLength(Math.ceil(COUNT / perPage));
    expect(pages.slice(0, -1).every((p) => p.length === perPage)).toBe(true);
    expect(pages.flat().map((r) => r.id)).toEqual(idsDescending());
  });

  it('reports where a page sits', async () => {
    expect(await ada().listReports({ perPage: 25, page: 5 })).toMatchObject({ page: 5, lastPage: 5, perPage: 25, total: COUNT, from: 101, to: 120 });
  });

  it('answers an empty page past the last one', async () => {
    expect(await ada().listReports({ page: 99 })).toMatchObject({ reports: [], page: 99, total: COUNT, from: null, to: null });
  });

  it('falls back to the service’s page size for a size it does not offer', async () => {
    // The client's type allows only the offered sizes; a stored preference could still hold another.
    const odd = { perPage: 7 as ListParams['perPage'] };
    expect((await ada().listReports(odd)).perPage).toBe(10);
    env.service.configure({ perPageFallback: 25 });
    try {
      const page = await ada().listReports(odd);
      expect([page.perPage, page.reports.length]).toEqual([25, 25]);
    } finally {
      env.service.configure({ perPageFallback: 10 });
    }
  });
});

describe('sorting', () => {
  const keys: Record<NonNullable<ListParams['sortBy']>, (r: Report) => number | string> = {
    id: (r) => r.id,
    generated_at: (r) => r.generatedAt ?? '',
    url: (r) => r.url.toLowerCase(),
    // Reports without a score come first going up.
    result: (r) => r.score ?? -1,
  };

  it.each([
    ['id', 'asc'],
    ['id', 'desc'],
    ['generated_at', 'asc'],
    ['generated_at', 'desc'],
    ['url', 'asc'],
    ['url', 'desc'],
    ['result', 'asc'],
    ['result', 'desc'],
  ] as const)('sorts by %s, %s', async (sortBy, sort) => {
    const reports = (await everyPage(ada(), { sortBy, sort, perPage: 100 })).flat();
    expect(reports).toHaveLength(COUNT);
    const key = keys[sortBy];
    const expected = [...reports].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
      return sort === 'asc' ? order : -order;
    });
    expect(reports.map(key)).toEqual(expected.map(key));
  });

  it('orders by generation time, not by id, with generated_at', async () => {
    const byTime = (await ada().listReports({ sortBy: 'generated_at', sort: 'asc' })).reports.map((r) => r.id);
    const byId = (await ada().listReports({ sortBy: 'id', sort: 'asc' })).reports.map((r) => r.id);
    expect(byTime).not.toEqual(byId);
    const earliest = [...seeded].sort((a, b) => a.generatedAt.localeCompare(b.generatedAt))[0]!;
    expect(byTime[0]).toBe(earliest.id);
  });
});

describe('filtering', () => {
  it.each([
    ['page-01', 10],
    ['PAGE-119', 1],
    ['site2.example', 40],
    ['nothing-like-this', 0],
  ])('finds addresses containing %j', async (search, count) => {
    const found = (await everyPage(ada(), { search, searchBy: 'url', perPage: 100 })).flat();
    expect(found).toHaveLength(count);
    expect(found.every((r) => r.url.toLowerCase().includes(search.toLowerCase()))).toBe(true);
  });

  it('searches the stored address, without www.', async () => {
    expect((await ada().listReports({ search: 'www.' })).total).toBe(0);
  });

  it.each([
    ['site0.example', 40],
    ['site1.example', 40],
    ['www.site1.example', 0],
    ['site1', 0],
  ])('keeps the project %j only, matched exactly', async (project, count) => {
    const found = (await everyPage(ada(), { project, perPage: 100 })).flat();
    expect(found).toHaveLength(count);
    expect(found.every((r) => r.project === project)).toBe(true);
  });

  it.each<[ResultLabel, (score: number) => boolean]>([
    ['good', (s) => s > 79],
    ['decent', (s) => s >= 49 && s <= 79],
    ['bad', (s) => s < 49],
  ])('keeps %s results only, by score', async (result, inRange) => {
    const found = (await everyPage(ada(), { result, perPage: 100 })).flat();
    const expected = seeded.filter((s) => s.score !== null && inRange(s.score));
    expect(found.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((s) => s.id).sort((a, b) => a - b));
    expect(found.every((r) => r.label === result)).toBe(true);
  });

  it('combines search, result, sort and paging', async () => {
    const page = await ada().listReports({ search: 'site1', result: 'decent', sortBy: 'url', sort: 'asc', perPage: 10, page: 1 });
    const expected = seeded
      .filter((s) => s.url.includes('site1') && s.score !== null && s.score >= 49 && s.score <= 79)
      .map((s) => s.url)
      .sort();
    expect(page.total).toBe(expected.length);
    expect(page.reports.map((r) => r.url)).toEqual(expected.slice(0, 10));
  });
});

describe('accounts', () => {
  it('lists only the account’s own reports', async () => {
    const bobs = await env.apiFor('bob').listReports({ perPage: 100 });
    expect(bobs.reports.map((r) => r.url)).toEqual(['bob.example/only-mine']);
    expect((await ada().listReports({ search: 'bob.example' })).total).toBe(0);
  });
});
