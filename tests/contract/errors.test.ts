import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReportsApi, type ApiErrorKind, type ReportsApi } from '@/lib/api';
import { ACCOUNTS, failure, startPages, startService } from './harness';

let env: Awaited<ReturnType<typeof startService>>;
let pages: Awaited<ReturnType<typeof startPages>>;

beforeAll(async () => {
  [env, pages] = await Promise.all([startService(), startPages()]);
});
afterAll(async () => {
  await Promise.all([env.service.close(), pages.close()]);
});
afterEach(() => {
  env.service.configure({ rateLimit: null, latencyMs: 0, reportsPerMonth: -1 });
});

const withKey = (apiKey: string, extra: Partial<Parameters<typeof createReportsApi>[0]> = {}): ReportsApi =>
  createReportsApi({ baseUrl: env.service.baseUrl, apiKey, ...extra });

describe('every kind of failure comes back typed', () => {
  it.each<[string, () => Promise<unknown>, ApiErrorKind, RegExp]>([
    ['a wrong key', () => withKey('not-a-key-anyone-has').getAccount(), 'unauthorized', /service refused the API key/],
    ['a plan without API access', () => env.apiFor('walled').getAccount(), 'forbidden', /plan .* does not include API access/],
    ['a plan without API access, listing', () => env.apiFor('walled').listReports(), 'forbidden', /plan/],
    [
      'an update of another account’s report',
      () => env.apiFor('ada').updateReport({ id: seedFor('bob'), privacy: 1 }),
      'forbidden',
      /belongs to another account/,
    ],
    ['a report that does not exist', () => env.apiFor('ada').getReport({ id: 424_242 }), 'not-found', /no longer exists/],
    ['an invalid create', () => env.apiFor('ada').createReport({ url: 'nope', privacy: 0 }), 'validation', /valid URL/],
    [
      'an address whose pages are HTML',
      () => createReportsApi({ baseUrl: `${env.service.baseUrl}/login`, apiKey: ACCOUNTS.ada.apiKey }).getAccount(),
      'not-the-api',
      /does not look like the report service's API/,
    ],
    [
      'a web site that is not the service',
      () => createReportsApi({ baseUrl: pages.origin, apiKey: ACCOUNTS.ada.apiKey }).listReports(),
      'not-the-api',
      /does not look like/,
    ],
  ])('%s', async (_, call, kind, message) => {
    const error = await failure(call());
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('reads the redirect to the login page, sent when Accept is missing, as a refused key', async () => {
    const withoutAccept: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('Accept');
      return fetch(input, { ...init, headers });
    };
    const error = await failure(withKey('not-a-key-anyone-has', { fetch: withoutAccept }).getAccount());
    expect(error.kind).toBe('unauthorized');
    expect(error.detail).toMatch(/\/login/);
  });

  it('reports a service that is not running as a network failure', async () => {
    const gone = await startService();
    const baseUrl = gone.service.baseUrl;
    await gone.service.close();
    const error = await failure(createReportsApi({ baseUrl, apiKey: ACCOUNTS.ada.apiKey }).getAccount());
    expect(error.kind).toBe('network');
  });

  it('gives up on a slow audit, saying audits can take long', async () => {
    env.service.configure({ latencyMs: 2000 });
    const started = Date.now();
    const error = await failure(env.apiFor('ada', { createTimeoutMs: 300 }).createReport({ url: pages.url('/slow'), privacy: 0 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/can take a while/);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

function seedFor(who: 'ada' | 'bob'): number {
  return env.service.seedReports(ACCOUNTS[who].apiKey, [{ url: `https://${who}.example/page`, score: 70 }])[0]!.id;
}

describe('the monthly quota', () => {
  it('stops creates past the plan’s reports, and deleting does not give any back', async () => {
    const bob = env.apiFor('bob');
    expect((await bob.getAccount()).reportsPerMonth).toBe(2);
    const first = await bob.createReport({ url: pages.url('/quota-1'), privacy: 0 });
    await bob.createReport({ url: pages.url('/quota-2'), privacy: 0 });
    const error = await failure(bob.createReport({ url: pages.url('/quota-3'), privacy: 0 }));
    expect(error.kind).toBe('quota-exceeded');
    expect(error.message).toMatch(/as many reports this month as your plan allows/);
    await bob.deleteReport({ id: first.id });
    expect((await failure(bob.createReport({ url: pages.url('/quota-4'), privacy: 0 }))).kind).toBe('quota-exceeded');
  });

  it('follows the service-wide quota for accounts without their own', async () => {
    env.service.configure({ reportsPerMonth: 0 });
    expect((await env.apiFor('ada').getAccount()).reportsPerMonth).toBe(0);
    expect((await failure(env.apiFor('ada').createReport({ url: pages.url('/none-left'), privacy: 0 }))).kind).toBe('quota-exceeded');
  });
});

describe('the rate limit', () => {
  const accountCalls = () => env.service.requestLog.filter((r) => r.path === '/api/v1/account').length;

  it('gives up at once when the wait is longer than the client allows', async () => {
    env.service.configure({ rateLimit: { limit: 2, windowSeconds: 60 } });
    const slept: number[] = [];
    const ada = env.apiFor('ada', { sleep: async (ms) => void slept.push(ms) });
    await ada.getAccount();
    await ada.getAccount();
    const before = accountCalls();
    const error = await failure(ada.getAccount());
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterSeconds).toBeGreaterThan(30);
    expect(error.message).toMatch(/Try again in \d+ seconds/);
    expect([accountCalls() - before, slept.length]).toEqual([1, 0]);
  });

  it('never retries a create', async () => {
    env.service.configure({ rateLimit: { limit: 1, windowSeconds: 60 } });
    const slept: number[] = [];
    const ada = env.apiFor('ada', { sleep: async (ms) => void slept.push(ms) });
    await ada.getAccount();
    const posts = () => env.service.requestLog.filter((r) => r.method === 'POST').length;
    const before = posts();
    expect((await failure(ada.createReport({ url: pages.url('/limited'), privacy: 0 }))).kind).toBe('rate-limited');
    expect([posts() - before, slept.length]).toEqual([1, 0]);
  });

  it('waits out a short limit and reads again', async () => {
    env.service.configure({ rateLimit: { limit: 1, windowSeconds: 1 } });
    const ada = env.apiFor('ada');
    await ada.getAccount();
    const before = accountCalls();
    const account = await ada.getAccount();
    expect(account.email).toBe(ACCOUNTS.ada.email);
    expect(accountCalls() - before).toBe(2);
  });
});
