import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../../service/pagination.ts';
import { startReportService, type RunningService } from '../../service/server.ts';
import { call } from './call.ts';

let service: RunningService;
const filters = { name: 'Filters', email: 'f@example.com', apiKey: 'filters-key-000000000000' };
const pager = { name: 'Pager', email: 'p@example.com', apiKey: 'pager-key-00000000000000' };

beforeAll(async () => {
  service = await startReportService({ accounts: [filters, pager] });
  service.seedReports(filters.apiKey, [
    { url: 'https://www.example.com/', score: 80, generatedAt: '2024-01-05T00:00:00Z' },
    { url: 'https://example.com/blog?p=1', score: 79, generatedAt: '2024-01-01T00:00:00Z' },
    { url: 'https://example.com/about', score: 49, generatedAt: '2024-01-07T00:00:00Z' },
    { url: 'https://blog.example.org/post', score: 48, generatedAt: '2024-01-02T00:00:00Z' },
    { url: 'http://shop.example.net/', score: null, generatedAt: '2024-01-06T00:00:00Z' },
    { url: 'https://blog.example.org/', score: 100, generatedAt: '2024-01-03T00:00:00Z' },
    { url: 'https://docs.example.io/Start', score: 0, generatedAt: '2024-01-04T00:00:00Z' },
  ]);
  service.seedReports(
    pager.apiKey,
    Array.from({ length: 27 }, (_, i) => ({ url: `https://site.example/page-${i + 1}`, score: 50 })),
  );
});
afterAll(() => service.close());

const list = async (query: string, key = filters.apiKey) => {
  const { status, body } = await call(service.baseUrl, `/api/v1/reports${query}`, { key });
  expect(status).toBe(200);
  return body;
};
const urls = async (query: string) => (await list(query)).data.map((r: { url: string }) => r.url);

describe('filtering and sorting the list', () => {
  it.each([
    [
      '',
      [
        'docs.example.io/Start',
        'blog.example.org',
        'shop.example.net',
        'blog.example.org/post',
        'example.com/about',
        'example.com/blog?p=1',
        'example.com',
      ],
    ],
    ['?search=BLOG', ['blog.example.org', 'blog.example.org/post', 'example.com/blog?p=1']],
    ['?search=blog&search_by=title', ['blog.example.org', 'blog.example.org/post', 'example.com/blog?p=1']],
    ['?search=p%3D1', ['example.com/blog?p=1']],
    ['?project=example.com', ['example.com/about', 'example.com/blog?p=1', 'example.com']],
    ['?project=example', []],
    ['?result=good', ['blog.example.org', 'example.com']],
    ['?result=decent', ['example.com/about', 'example.com/blog?p=1']],
    ['?result=bad', ['docs.example.io/Start', 'blog.example.org/post']],
    [
      '?result=excellent&sort=asc',
      [
        'example.com',
        'example.com/blog?p=1',
        'example.com/about',
        'blog.example.org/post',
        'shop.example.net',
        'blog.example.org',
        'docs.example.io/Start',
      ],
    ],
    [
      '?sort_by=url&sort=asc',
      [
        'blog.example.org',
        'blog.example.org/post',
        'docs.example.io/Start',
        'example.com',
        'example.com/about',
        'example.com/blog?p=1',
        'shop.example.net',
      ],
    ],
    [
      '?sort_by=result&sort=asc',
      [
        'shop.example.net',
        'docs.example.io/Start',
        'blog.example.org/post',
        'example.com/about',
        'example.com/blog?p=1',
        'example.com',
        'blog.example.org',
      ],
    ],
    [
      '?sort_by=generated_at',
      [
        'example.com/about',
        'shop.example.net',
        'example.com',
        'docs.example.io/Start',
        'blog.example.org',
        'blog.example.org/post',
        'example.com/blog?p=1',
      ],
    ],
    [
      '?sort_by=title&sort=sideways',
      [
        'docs.example.io/Start',
        'blog.example.org',
        'shop.example.net',
        'blog.example.org/post',
        'example.com/about',
        'example.com/blog?p=1',
        'example.com',
      ],
    ],
    ['?search=blog&result=good&project=blog.example.org', ['blog.example.org']],
  ])('%s lists %j', async (query, expected) => {
    expect(await urls(query)).toEqual(expected);
  });

  it('sends whole reports with their scores', async () => {
    const [first] = (await list('?search=docs')).data;
    expect(first).toMatchObject({ url: 'docs.example.io/Start', project: 'docs.example.io', result: 0, privacy: 0, password: false });
    expect(first.generated_at).toBe('2024-01-04T00:00:00.000000Z');
  });
});

describe('pages of the list', () => {
  it('gives meta and links that keep the query', async () => {
    const body = await list('?per_page=10&search=site&page=2', pager.apiKey);
    const at = (page: number) => `${service.baseUrl}/api/v1/reports?per_page=10&search=site&page=${page}`;
    expect(body.data).toHaveLength(10);
    expect(body.links).toEqual({ first: at(1), last: at(3), prev: at(1), next: at(3) });
    expect(body.meta).toEqual({
      current_page: 2,
      from: 11,
      last_page: 3,
      links: [
        { url: at(1), label: '&laquo; Previous', active: false },
        { url: at(1), label: '1', active: false },
        { url: at(2), label: '2', active: true },
        { url: at(3), label: '3', active: false },
        { url: at(3), label: 'Next &raquo;', active: false },
      ],
      path: `${service.baseUrl}/api/v1/reports`,
      per_page: 10,
      to: 20,
      total: 27,
    });
    expect(body.status).toBe(200);
  });

  it('adds page at the end of a query without one, and gives the last page its remainder', async () => {
    const body = await list('?page=3&search=site', pager.apiKey);
    expect(body.links.first).toBe(`${service.baseUrl}/api/v1/reports?page=1&search=site`);
    expect(body.meta).toMatchObject({ from: 21, to: 27 });
    expect(body.links.next).toBeNull();
    expect((await list('?search=site', pager.apiKey)).links.first).toBe(`${service.baseUrl}/api/v1/reports?search=site&page=1`);
  });

  it('answers a page past the end with no reports', async () => {
    const body = await list('?page=9', pager.apiKey);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 3, total: 27 });
    expect(body.links.next).toBeNull();
  });

  it('answers an empty list with one empty page', async () => {
    const body = await list('?search=nothing-like-this');
    expect(body.meta).toMatchObject({ current_page: 1, from: null, to: null, last_page: 1, total: 0 });
    expect(body.links.prev).toBeNull();
  });

  it.each([
    ['25', 10, 25, 25],
    ['7', 10, 10, 10],
    ['7', 25, 25, 25],
    ['abc', 25, 25, 25],
    ['100', 25, 100, 27],
  ] as const)('per_page=%s with the fallback at %i pages by %i and shows %i', async (perPage, fallback, pagedBy, shown) => {
    service.configure({ perPageFallback: fallback });
    try {
      const body = await list(`?per_page=${perPage}`, pager.apiKey);
      expect(body.meta.per_page).toBe(pagedBy);
      expect(body.data).toHaveLength(shown);
    } finally {
      service.configure({ perPageFallback: 10 });
    }
  });
});

describe('page numbers shown for a long list', () => {
  it.each([
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 20, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null, 19, 20]],
    [10, 20, [1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 19, 20]],
    [20, 20, [1, 2, null, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
  ])('page %i of %i shows %j', (current, last, shown) => {
    expect(pageWindow(current, last)).toEqual(shown);
  });
});
