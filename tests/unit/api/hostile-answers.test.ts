import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsApi, type ReportsApi } from '@/lib/api';
import { RETRY_AFTER_MAX_SECONDS, SERVICE_MESSAGE_MAX } from '@/lib/api/classify';
import { CUT_MARKER } from '@/lib/api/fields';
import { reportCurrent } from '../../fixtures/responses/reports';
import { failure } from '../../support/api-failure';
import { startCannedServer, type CannedServer } from './canned-server';

/** Answers that are HTTP-wise fine but make no sense: each is read as nonsense, never as a success it is not. */

let server: CannedServer;
beforeAll(async () => {
  server = await startCannedServer();
});
afterAll(() => server.close());

const api = (): ReportsApi =>
  createReportsApi({ baseUrl: server.baseUrl, apiKey: 'hostile-answers-key-0123', retry: { maxAttempts: 1, maxWaitMs: 0 } });
const listOf = (data: unknown[], meta: Record<string, unknown> = {}) => ({
  data,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length, from: 1, to: data.length, ...meta },
  status: 200,
});
/** `{"a":{"a":…}}`, `depth` levels deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('a delete is done only when the service confirms it', () => {
  it.each([
    ['its own confirmation', { status: 200, body: { id: 5, object: 'report', deleted: true, status: 200 } }],
    ['an empty 200', { status: 200, body: '' }],
    ['a 204', { status: 204 }],
  ])('%s → deleted', async (_case, canned) => {
    server.reply(canned);
    await expect(api().deleteReport({ id: 5 })).resolves.toEqual({ id: 5, deleted: true });
  });

  it.each([
    ['deleted: false', { id: 5, deleted: false }],
    ['another report’s id', { id: 6, deleted: true }],
    ['an error put in a 200', { message: 'Unauthenticated.' }],
    ['a bare status', { status: 200 }],
  ])('%s → not deleted, and the user is told to look', async (_case, body) => {
    server.reply({ status: 200, body });
    const error = await failure(api().deleteReport({ id: 5 }));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(/did not confirm that the report was deleted/);
  });
});

describe('bounds on what the service sends', () => {
  it.each([
    ['id 0', { id: 0 }],
    ['a negative id', { id: -3 }],
    ['an id past the safe integers', { id: 2 ** 60 }],
    ['a fractional id', { id: 1.5 }],
  ])('a report with %s is no report', async (_case, over) => {
    server.reply({ status: 200, body: { data: { ...reportCurrent, ...over }, status: 200 } });
    expect((await failure(api().getReport({ id: 1 }))).kind).toBe('invalid-response');
  });

  it.each([
    [101, null],
    [-4, null],
    [100, 100],
    [0, 0],
  ])('a score of %s is read as %s', async (result, score) => {
    server.reply({ status: 200, body: { data: { ...reportCurrent, result }, status: 200 } });
    expect((await api().getReport({ id: 123 })).score).toBe(score);
  });

  it.each([
    ['page 0', { current_page: 0 }],
    ['0 reports a page', { per_page: 0 }],
    ['a negative total', { total: -1 }],
  ])('a list with %s is no list', async (_case, meta) => {
    server.reply({ status: 200, body: listOf([reportCurrent], meta) });
    expect((await failure(api().listReports())).kind).toBe('invalid-response');
  });

  it('leaves a malformed report out of a list and counts it', async () => {
    server.reply({ status: 200, body: listOf([reportCurrent, { ...reportCurrent, id: 'x' }, { ...reportCurrent, id: 124 }, null]) });
    const page = await api().listReports();
    expect(page.reports.map((r) => r.id)).toEqual([123, 124]);
    expect(page.unreadable).toBe(2);
  });

  it.each([
    [-1, 'unlimited'],
    [-7, null],
    [0, 0],
  ])('a quota of %s is read as %s', async (reports, expected) => {
    server.reply({ status: 200, body: { data: { id: 1, name: 'Ada', email: 'a@example.com', plan: { name: 'Pro', features: { reports } } } } });
    expect((await api().getAccount()).reportsPerMonth).toBe(expected);
  });

  it('leaves out of a list a report whose address is longer than any the service stores', async () => {
    server.reply({ status: 200, body: listOf([reportCurrent, { ...reportCurrent, id: 124, url: `example.com/${'a'.repeat(1_000_000)}` }]) });
    const page = await api().listReports();
    expect(page.reports.map((r) => r.id)).toEqual([123]);
    expect(page.unreadable).toBe(1);
  });

  it('cuts an account name or address of a megabyte to what the options can show', async () => {
    const huge = 'A'.repeat(1_000_000);
    server.reply({ status: 200, body: { data: { id: 1, name: huge, email: `${huge}@example.com`, plan: null } } });
    const account = await api().getAccount();
    expect(account.name.length).toBeLessThanOrEqual(200);
    expect(account.email.length).toBeLessThanOrEqual(200);
  });

  it('cuts a service message to a readable length', async () => {
    server.reply({ status: 422, body: { message: { url: ['x'.repeat(1_000_000)] }, status: 422 } });
    const error = await failure(api().createReport({ url: 'https://example.com/', privacy: 0 }));
    expect(error.kind).toBe('validation');
    expect(error.message.length).toBeLessThanOrEqual(SERVICE_MESSAGE_MAX);
    expect(error.fields?.url?.[0]?.length).toBeLessThanOrEqual(SERVICE_MESSAGE_MAX);
  });
});

describe('findings too deep or too large to keep', () => {
  it('keeps a report whose check value is nested 5,000 deep, cut with a marker, storable and sendable', async () => {
    const results = `{"title":{"passed":false,"importance":"high","value":${nested(5000)}}}`;
    const body = JSON.stringify({ data: { ...reportCurrent, results: '__RESULTS__' } }).replace('"__RESULTS__"', results);
    server.reply({ status: 200, body, headers: { 'Content-Type': 'application/json' } });
    const report = await api().getReport({ id: 123 });
    const stored = JSON.stringify(report);
    expect(stored).toContain(CUT_MARKER);
    expect(JSON.parse(stored)).toEqual(report);
  });

  // A quarter of a million is about 8 MB, as many as fit under the answer size cap (a million would be refused unread).
  it('cuts a list of a quarter of a million findings', async () => {
    const value = Array.from({ length: 250_000 }, (_, i) => `https://example.com/${i}.png`);
    server.reply({ status: 200, body: { data: { ...reportCurrent, results: { image_keywords: { passed: false, importance: 'high', value } } } } });
    const report = await api().getReport({ id: 123 });
    const kept = report.checks?.image_keywords?.value;
    expect(Array.isArray(kept) && kept.length).toBeLessThan(1000);
    expect(JSON.stringify(kept)).toContain(CUT_MARKER);
  });
});

describe('waits', () => {
  it('tells "later", not a number of seconds no one would wait, and keeps the wait bounded', async () => {
    server.reply({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '251606906973' } });
    const error = await failure(api().getAccount());
    expect(error.message).toBe('The report service is getting too many requests from you. Try again later.');
    expect(error.retryAfterSeconds).toBe(RETRY_AFTER_MAX_SECONDS);
  });

  it('waits at least a second before a retry the service asked for "now"', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    server.reply(() =>
      ++calls === 1 ? { status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '0' } } : { status: 200, body: listOf([]) },
    );
    const patient = createReportsApi({
      baseUrl: server.baseUrl,
      apiKey: 'hostile-answers-key-0123',
      retry: { maxAttempts: 3, maxWaitMs: 30_000 },
      sleep: async (ms) => void sleeps.push(ms),
    });
    await patient.listReports();
    expect(sleeps).toEqual([1000]);
  });

  it('reads a 500 whose body is too deep to parse as a server error, not as an unreachable service', async () => {
    server.reply({ status: 500, body: nested(200_000), headers: { 'Content-Type': 'application/json' } });
    const error = await failure(api().getAccount());
    expect(error.kind).toBe('server-error');
  });
});
