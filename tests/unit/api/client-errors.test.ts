import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createReportsApi, type ApiErrorKind, type ReportsApi, type ReportsApiOptions } from '@/lib/api';
import * as bodies from '../../fixtures/responses/errors';
import { startCannedServer, closedPort, type Canned, type CannedServer } from './canned-server';
import { failure } from '../../support/api-failure';

const KEY = 'test-key-for-error-classification';

let server: CannedServer;
beforeAll(async () => {
  server = await startCannedServer();
});
afterAll(() => server.close());

function apiFor(options: Partial<ReportsApiOptions> = {}): ReportsApi {
  return createReportsApi({ baseUrl: server.baseUrl, apiKey: KEY, retry: { maxAttempts: 1, maxWaitMs: 0 }, ...options });
}

type Call = (api: ReportsApi) => Promise<unknown>;
const list: Call = (a) => a.listReports();
const get: Call = (a) => a.getReport({ id: 7 });
const create: Call = (a) => a.createReport({ url: 'https://example.com/', privacy: 0 });
const update: Call = (a) => a.updateReport({ id: 7, privacy: 1 });
const account: Call = (a) => a.getAccount();

const html = (status: number, body: string, headers: Record<string, string> = {}): Canned => ({ status, body, headers });

describe('answers from the service become errors a user can act on', () => {
  it.each<[string, Canned, Call, ApiErrorKind, RegExp]>([
    [
      '401 with a wrong key',
      { status: 401, body: bodies.unauthenticated },
      account,
      'unauthorized',
      /^The service refused the API key\. Check the key, or create a new one/,
    ],
    [
      '403 on a report that is not yours',
      { status: 403, body: bodies.forbiddenAction },
      update,
      'forbidden',
      /no longer exists or belongs to another account/,
    ],
    [
      '403 for a plan without API access',
      { status: 403, body: bodies.forbiddenFeature },
      account,
      'forbidden',
      /plan .* does not include API access/,
    ],
    ['403 for a plan without API access, on a report', { status: 403, body: bodies.forbiddenFeature }, update, 'forbidden', /plan/],
    ['404 on a report', { status: 404, body: bodies.notFound }, get, 'not-found', /no longer exists/],
    [
      '404 on the list (the API is not at this address)',
      { status: 404, body: bodies.notFound },
      list,
      'not-the-api',
      /does not look like the report service's API/,
    ],
    ['404 as a web page', html(404, bodies.notFoundPage), get, 'not-the-api', /does not look like the report service's API/],
    ['a web page with status 200', html(200, bodies.loginPage), list, 'not-the-api', /does not look like the report service's API/],
    ['plain text with status 200', { status: 200, body: 'OK', headers: { 'Content-Type': 'text/plain' } }, account, 'not-the-api', /API/],
    ['an empty answer with status 200', { status: 200, body: '' }, account, 'not-the-api', /API/],
    ['a 302 to the login page', { status: 302, headers: { Location: '/login' } }, list, 'unauthorized', /service refused the API key/],
    [
      'a 301 to another address',
      { status: 301, headers: { Location: 'https://www.example.com/api/v1/reports' } },
      list,
      'not-the-api',
      /on to https:\/\/www\.example\.com: if that is your service/,
    ],
    ['a 405 from a site that is not the service', { status: 405, body: { message: 'Method not allowed' } }, create, 'not-the-api', /API/],
    ['a 419 from the website’s forms', { status: 419, body: { message: 'Page Expired' } }, create, 'not-the-api', /API/],
    [
      '422 with field errors under message',
      { status: 422, body: bodies.validationServiceShape },
      create,
      'validation',
      /^The url field is required\. The password field is required\.$/,
    ],
    ['422 with field errors under errors', { status: 422, body: bodies.validationFrameworkShape }, create, 'validation', /must be a valid URL/],
    ['422 when the page could not be fetched', { status: 422, body: bodies.validationFetchFailed }, create, 'validation', /Could not resolve host/],
    [
      '422 past the monthly quota',
      { status: 422, body: bodies.quotaExceeded },
      create,
      'quota-exceeded',
      /as many reports this month as your plan allows/,
    ],
    ['429', { status: 429, body: bodies.tooManyAttempts, headers: { 'Retry-After': '42' } }, list, 'rate-limited', /Try again in 42 seconds/],
    ['429 without a wait', { status: 429, body: bodies.tooManyAttempts }, list, 'rate-limited', /Try again in a minute/],
    ['500', { status: 500, body: bodies.serverError }, create, 'server-error', /ran into a problem \(error 500\)/],
    ['503 maintenance page', html(503, '<h1>Be right back.</h1>'), list, 'server-error', /error 503/],
    ['502 from a proxy', html(502, bodies.badGatewayPage), list, 'server-error', /error 502/],
    ['an unexpected 4xx', { status: 418, body: { message: 'I am a teapot' } }, list, 'invalid-response', /does not understand \(error 418\)/],
    ['an error status inside a 200 body', { status: 200, body: bodies.forbiddenFeature }, account, 'forbidden', /plan/],
    ['JSON of the wrong shape', { status: 200, body: { items: [] } }, list, 'invalid-response', /does not understand/],
  ])('%s', async (_, canned, call, kind, message) => {
    server.reply(canned);
    const error = await failure(call(apiFor()));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
    expect(error.detail).toBeTruthy();
  });

  it('keeps the per-field messages of both validation shapes', async () => {
    server.reply({ status: 422, body: bodies.validationServiceShape });
    expect((await failure(create(apiFor()))).fields).toEqual({ url: ['The url field is required.'], password: ['The password field is required.'] });
    server.reply({ status: 422, body: bodies.validationFrameworkShape });
    expect((await failure(create(apiFor()))).fields).toEqual({
      url: ['The url field must be a valid URL.'],
      privacy: ['The selected privacy is invalid.'],
    });
  });

  it('carries the status and the wait', async () => {
    server.reply({ status: 429, body: bodies.tooManyAttempts, headers: { 'Retry-After': '7' } });
    expect((await failure(list(apiFor()))).toJSON()).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterSeconds: 7 });
  });

  it('names the missing field of a wrong-shape report in the detail', async () => {
    server.reply({ status: 200, body: { data: { url: 'example.com', privacy: 0 }, status: 200 } });
    expect((await failure(get(apiFor()))).detail).toMatch(/data\.id/);
  });

  it('takes a redirect followed to the login page as a refused key', async () => {
    server.reply((req) => (req.url === '/login' ? html(200, bodies.loginPage) : { status: 302, headers: { Location: '/login' } }));
    // Some fetch implementations follow redirects whatever they are asked.
    const following: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    const error = await failure(account(apiFor({ fetch: following })));
    expect(error.kind).toBe('unauthorized');
  });

  it('takes a redirect followed to another web page as the wrong address', async () => {
    server.reply((req) => (req.url === '/home' ? html(200, '<html>Welcome</html>') : { status: 302, headers: { Location: '/home' } }));
    const following: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    expect((await failure(account(apiFor({ fetch: following })))).kind).toBe('not-the-api');
  });

  it('takes the browser’s opaque redirect as the wrong address', async () => {
    // Node's fetch shows the 3xx itself; only a browser hides it as type 'opaqueredirect', status 0.
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, redirected: false, url: '', headers: new Headers(), text: async () => '' };
    const browserLike: typeof fetch = async () => opaque as unknown as Response;
    const error = await failure(account(apiFor({ fetch: browserLike })));
    expect(error.kind).toBe('not-the-api');
    expect(error.detail).toContain('redirect');
  });
});

describe('failures before an answer', () => {
  it('reports a closed port as a network failure, with likely causes', async () => {
    const port = await closedPort();
    const error = await failure(createReportsApi({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY }).getAccount());
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/down/);
    expect(error.message).toMatch(/certificate/);
    expect(error.message).toMatch(/HTTPS-only/);
    expect(error.message).toMatch(/proxy or firewall/);
    expect(error.message).toMatch(/permission/);
    expect(error.detail).toMatch(/ECONNREFUSED/);
  });

  it('gives up on a service that never answers', async () => {
    server.reply({ hang: true });
    const started = Date.now();
    const error = await failure(account(apiFor({ timeoutMs: 150 })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('explains that an audit can take long when create times out', async () => {
    server.reply({ hang: true });
    const error = await failure(create(apiFor({ timeoutMs: 5000, createTimeoutMs: 150 })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/audit .* can take a while/);
  });

  it('gives a regenerate the time of an audit', async () => {
    server.reply({ hang: true });
    const error = await failure(apiFor({ timeoutMs: 5000, createTimeoutMs: 150 }).updateReport({ id: 7, regenerate: true }));
    expect(error.message).toMatch(/audit/);
  });

  it('passes on the caller’s own cancel untouched', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const call = apiFor({ signal: controller.signal }).getAccount();
    setTimeout(() => controller.abort(new Error('closed by the user')), 50);
    await expect(call).rejects.toThrow('closed by the user');
  });

  it.each([
    ['no key', '', /Enter your API key/],
    ['a key with characters no key has', 'abc déf', /characters a key cannot have/],
  ])('refuses %s without sending anything', async (_, apiKey, message) => {
    server.received.length = 0;
    const error = await failure(createReportsApi({ baseUrl: server.baseUrl, apiKey }).getAccount());
    expect([error.kind, server.received.length]).toEqual(['unauthorized', 0]);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['ftp://example.com', 'invalid-address'],
    ['http://example.com', 'insecure-address'],
  ])('refuses the address %s on every call', async (baseUrl, kind) => {
    const api = createReportsApi({ baseUrl, apiKey: KEY });
    expect((await failure(api.listReports())).kind).toBe(kind);
    expect((await failure(api.getAccount())).kind).toBe(kind);
  });
});

describe('errors travel between pages', () => {
  it('survive a round trip through JSON', async () => {
    server.reply({ status: 422, body: bodies.validationServiceShape });
    const error = await failure(create(apiFor()));
    const copy = ApiError.fromJSON(JSON.parse(JSON.stringify(error)));
    expect(copy).toBeInstanceOf(ApiError);
    expect(copy.toJSON()).toEqual(error.toJSON());
    expect(copy.message).toBe(error.message);
  });
});
