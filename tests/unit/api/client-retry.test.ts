import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReportsApi, type ReportsApi, type ReportsApiOptions } from '@/lib/api';
import { accountBody } from '../../fixtures/responses/account';
import { tooManyAttempts } from '../../fixtures/responses/errors';
import { deleteBody, listBody } from '../../fixtures/responses/reports';
import { startCannedServer, type Canned, type CannedServer } from './canned-server';
import { failure } from '../../support/api-failure';

let server: CannedServer;
let slept: number[];

beforeAll(async () => {
  server = await startCannedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  slept = [];
});

function apiFor(options: Partial<ReportsApiOptions> = {}): ReportsApi {
  const sleep = async (ms: number) => {
    slept.push(ms);
  };
  return createReportsApi({ baseUrl: server.baseUrl, apiKey: 'retry-test-key', sleep, ...options });
}

const limited = (headers: Record<string, string> = { 'Retry-After': '2' }): Canned => ({ status: 429, body: tooManyAttempts, headers });
const unavailable: Canned = { status: 503, body: { message: 'Service Unavailable' }, headers: { 'Retry-After': '1' } };

/** Answers the given canned responses in turn, then `last` for ever. */
function inTurn(first: Canned[], last: Canned) {
  return (_: unknown, index: number) => first[index] ?? last;
}

describe('reads are retried when the service asks to wait', () => {
  it('waits as long as Retry-After says, then succeeds', async () => {
    server.reply(inTurn([limited()], { body: listBody }));
    const page = await apiFor().listReports();
    expect(page.reports).toHaveLength(3);
    expect(server.received).toHaveLength(2);
    expect(slept).toEqual([2000]);
  });

  it('retries a delete after a 503', async () => {
    server.reply(inTurn([unavailable], { body: deleteBody }));
    expect(await apiFor().deleteReport({ id: 123 })).toEqual({ id: 123, deleted: true });
    expect(slept).toEqual([1000]);
  });

  it('reads the wait from X-RateLimit-Reset when Retry-After is missing', async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 5);
    server.reply(inTurn([limited({ 'X-RateLimit-Reset': reset })], { body: accountBody }));
    await apiFor().getAccount();
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThanOrEqual(4000);
    expect(slept[0]).toBeLessThanOrEqual(6000);
  });

  it('reads a Retry-After given as a date', async () => {
    const at = new Date(Date.now() + 3000).toUTCString();
    server.reply(inTurn([limited({ 'Retry-After': at })], { body: accountBody }));
    await apiFor().getAccount();
    expect(slept[0]).toBeGreaterThanOrEqual(1000);
    expect(slept[0]).toBeLessThanOrEqual(4000);
  });

  it('gives up after the last attempt with the rate-limit error', async () => {
    server.reply(limited());
    const error = await failure(apiFor().listReports());
    expect([error.kind, error.retryAfterSeconds]).toEqual(['rate-limited', 2]);
    expect(server.received).toHaveLength(3);
    expect(slept).toEqual([2000, 2000]);
  });

  it('gives up at once when the wait asked for is longer than the time left', async () => {
    server.reply(limited({ 'Retry-After': '31' }));
    const error = await failure(apiFor().listReports());
    expect(error.kind).toBe('rate-limited');
    expect(server.received).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('counts all waits against the time allowed', async () => {
    server.reply(limited({ 'Retry-After': '3' }));
    await failure(apiFor({ retry: { maxAttempts: 10, maxWaitMs: 7000 } }).listReports());
    expect(slept).toEqual([3000, 3000]);
    expect(server.received).toHaveLength(3);
  });

  it('waits a little longer each time when the service does not say how long', async () => {
    server.reply(inTurn([limited({}), limited({})], { body: listBody }));
    await apiFor().listReports();
    expect(slept).toEqual([1000, 2000]);
  });

  it('really waits with the default sleep', async () => {
    server.reply(inTurn([limited({ 'Retry-After': '0' })], { body: accountBody }));
    const account = await createReportsApi({ baseUrl: server.baseUrl, apiKey: 'retry-test-key' }).getAccount();
    expect(account.id).toBe(7);
    expect(server.received).toHaveLength(2);
  });
});

describe('writes and other failures are not retried', () => {
  it.each<[string, Canned, (api: ReportsApi) => Promise<unknown>]>([
    ['a create answered 429', limited(), (a) => a.createReport({ url: 'https://example.com/', privacy: 0 })],
    ['a create answered 503', unavailable, (a) => a.createReport({ url: 'https://example.com/', privacy: 0 })],
    ['an update answered 429', limited(), (a) => a.updateReport({ id: 1, privacy: 0 })],
    ['a read answered 500', { status: 500, body: { message: 'Server Error' } }, (a) => a.listReports()],
    ['a read answered 401', { status: 401, body: { message: 'Unauthenticated.' } }, (a) => a.getAccount()],
  ])('%s is sent once', async (_, canned, call) => {
    server.reply(canned);
    await failure(call(apiFor()));
    expect(server.received).toHaveLength(1);
    expect(slept).toEqual([]);
  });
});
