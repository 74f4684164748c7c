import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReportsApi, type ListParams, type ReportsApi } from '@/lib/api';
import { accountBody } from '../../fixtures/responses/account';
import { createBody, deleteBody, listBody, showBody, updateBody } from '../../fixtures/responses/reports';
import { startCannedServer, type CannedServer, type Received } from './canned-server';

const KEY = 'k3y-Zq81-request-shape-secret';

let server: CannedServer;
let api: ReportsApi;

beforeAll(async () => {
  server = await startCannedServer();
  api = createReportsApi({ baseUrl: server.baseUrl, apiKey: KEY });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.reply((req) => {
    if (req.url.endsWith('/api/v1/account')) return { body: accountBody };
    // The service answers a create with HTTP 201 and `"status":200` in the body.
    if (req.method === 'POST') return { status: 201, body: createBody };
    if (req.method === 'GET' && /\/reports(\?|$)/.test(req.url)) return { body: listBody };
    if (req.method === 'PUT') return { body: updateBody };
    if (req.method === 'DELETE') return { body: deleteBody };
    return { body: showBody };
  });
});

function only(): Received {
  expect(server.received).toHaveLength(1);
  return server.received[0]!;
}

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('every request', () => {
  it.each<[string, (api: ReportsApi) => Promise<unknown>]>([
    ['list', (a) => a.listReports()],
    ['get', (a) => a.getReport({ id: 123 })],
    ['create', (a) => a.createReport({ url: 'https://example.com/', privacy: 0 })],
    ['update', (a) => a.updateReport({ id: 123, privacy: 1 })],
    ['delete', (a) => a.deleteReport({ id: 123 })],
    ['account', (a) => a.getAccount()],
  ])('%s sends the key as a Bearer token and asks for JSON, keeping the key out of the address', async (_, call) => {
    await call(api);
    const req = only();
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers.accept).toBe('application/json');
    expect(req.url).not.toContain(KEY);
  });
});

describe('reads', () => {
  it.each<[string, (api: ReportsApi) => Promise<unknown>, string, string]>([
    ['list', (a) => a.listReports(), 'GET', '/api/v1/reports'],
    ['get', (a) => a.getReport({ id: 123 }), 'GET', '/api/v1/reports/123'],
    ['delete', (a) => a.deleteReport({ id: 123 }), 'DELETE', '/api/v1/reports/123'],
    ['account', (a) => a.getAccount(), 'GET', '/api/v1/account'],
  ])('%s sends %s %s with no body and no Content-Type', async (_, call, method, url) => {
    await call(api);
    const req = only();
    expect([req.method, req.url]).toEqual([method, url]);
    expect(req.body).toBe('');
    expect(req.headers['content-type']).toBeUndefined();
  });

  it.each<[ListParams, string]>([
    [{ search: 'blog' }, 'search=blog'],
    [{ search: 'a b&c' }, 'search=a+b%26c'],
    [{ searchBy: 'url' }, 'search_by=url'],
    [{ project: 'example.com' }, 'project=example.com'],
    [{ result: 'good' }, 'result=good'],
    [{ result: 'decent' }, 'result=decent'],
    [{ result: 'bad' }, 'result=bad'],
    [{ sortBy: 'id' }, 'sort_by=id'],
    [{ sortBy: 'generated_at' }, 'sort_by=generated_at'],
    [{ sortBy: 'url' }, 'sort_by=url'],
    [{ sortBy: 'result' }, 'sort_by=result'],
    [{ sort: 'asc' }, 'sort=asc'],
    [{ sort: 'desc' }, 'sort=desc'],
    [{ perPage: 10 }, 'per_page=10'],
    [{ perPage: 25 }, 'per_page=25'],
    [{ perPage: 50 }, 'per_page=50'],
    [{ perPage: 100 }, 'per_page=100'],
    [{ page: 3 }, 'page=3'],
    [{}, ''],
    [{ search: '', project: '' }, ''],
    [
      { search: 'x', searchBy: 'url', project: 'example.com', result: 'bad', sortBy: 'url', sort: 'asc', perPage: 25, page: 2 },
      'search=x&search_by=url&project=example.com&result=bad&sort_by=url&sort=asc&per_page=25&page=2',
    ],
  ])('lists with %j as the query %j', async (params, query) => {
    await api.listReports(params);
    expect(only().url).toBe(query ? `/api/v1/reports?${query}` : '/api/v1/reports');
  });

  it('returns the page it read', async () => {
    const page = await api.listReports();
    expect(page).toMatchObject({ page: 2, lastPage: 3, total: 25 });
    expect(page.reports).toHaveLength(3);
  });
});

describe('writes', () => {
  it.each([
    [
      { url: 'https://example.com/a?b=1', privacy: 0 as const },
      { url: 'https://example.com/a?b=1', privacy: '0' },
    ],
    [
      { url: 'https://example.com/', privacy: 1 as const },
      { url: 'https://example.com/', privacy: '1' },
    ],
    [
      { url: 'https://example.com/', privacy: 1 as const, password: 'ignored' },
      { url: 'https://example.com/', privacy: '1' },
    ],
    [
      { url: 'https://example.com/', privacy: 2 as const, password: 's3cret & more' },
      { url: 'https://example.com/', privacy: '2', password: 's3cret & more' },
    ],
  ])('creates %j with the form %j, privacy always sent', async (params, fields) => {
    const report = await api.createReport(params);
    const req = only();
    expect([req.method, req.url]).toEqual(['POST', '/api/v1/reports']);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(req.body)).toEqual(fields);
    expect(report.id).toBe(200);
  });

  it.each([
    [{ id: 5, privacy: 0 as const }, { privacy: '0' }],
    [
      { id: 5, privacy: 2 as const, password: 'pw' },
      { privacy: '2', password: 'pw' },
    ],
    [{ id: 5, privacy: 1 as const, password: 'pw' }, { privacy: '1' }],
    [{ id: 5, password: 'new-pw' }, { password: 'new-pw' }],
    [{ id: 5, regenerate: true }, { results: '1' }],
    [{ id: 5, privacy: 1 as const, regenerate: false }, { privacy: '1' }],
  ])('updates %j with the form %j', async (params, fields) => {
    await api.updateReport(params);
    const req = only();
    expect([req.method, req.url]).toEqual(['PUT', '/api/v1/reports/5']);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(req.body)).toEqual(fields);
  });
});

describe('the base address', () => {
  it.each([
    ['a sub-path install', '/seo', '/seo/api/v1/account'],
    ['a pasted API path', '/api/v1/', '/api/v1/account'],
    ['a sub-path with a pasted API path and spaces', '/seo/api/v1/reports  ', '/seo/api/v1/account'],
  ])('is read for %s', async (_, suffix, path) => {
    await createReportsApi({ baseUrl: ` ${server.baseUrl}${suffix}`, apiKey: KEY }).getAccount();
    expect(only().url).toBe(path);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    await createReportsApi({ baseUrl: server.baseUrl, apiKey: KEY, fetch: fetchSpy }).getAccount();
    expect(seen).toEqual([`${server.baseUrl}/api/v1/account`]);
  });

  it('trims spaces around a pasted key', async () => {
    await createReportsApi({ baseUrl: server.baseUrl, apiKey: `  ${KEY}\n` }).getAccount();
    expect(only().headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
