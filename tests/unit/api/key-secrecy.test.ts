import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createReportsApi, type ReportsApi } from '@/lib/api';
import { closedPort, startCannedServer, type Canned, type CannedServer } from './canned-server';

const KEY = 'sk_live_9fJ2qP0xZr7TbW4nHq';

let server: CannedServer;
beforeAll(async () => {
  server = await startCannedServer();
});
afterAll(() => server.close());

const echo = `Authorization: Bearer ${KEY}`;
type Call = (api: ReportsApi) => Promise<unknown>;
const account: Call = (a) => a.getAccount();
const create: Call = (a) => a.createReport({ url: 'https://example.com/', privacy: 2, password: 'pw' });

async function errorOf(call: Call, canned: Canned | null, options: { baseUrl?: string; timeoutMs?: number } = {}): Promise<ApiError> {
  if (canned) server.reply(canned);
  const api = createReportsApi({
    baseUrl: options.baseUrl ?? server.baseUrl,
    apiKey: KEY,
    timeoutMs: options.timeoutMs ?? 5000,
    retry: { maxAttempts: 1, maxWaitMs: 0 },
  });
  try {
    await call(api);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the API key never shows in an error', () => {
  it.each<[string, () => Promise<ApiError>]>([
    ['unauthorized', () => errorOf(account, { status: 401, body: { message: `Unauthenticated. ${echo}` } })],
    ['unauthorized by redirect', () => errorOf(account, { status: 302, headers: { Location: `/login?key=${KEY}` } })],
    ['forbidden', () => errorOf(account, { status: 403, body: { message: `You don't have access to this feature. ${KEY}` } })],
    ['not-found', () => errorOf((a) => a.getReport({ id: 1 }), { status: 404, body: { message: KEY } })],
    ['validation', () => errorOf(create, { status: 422, body: { message: { url: [`Bad url for ${KEY}`], [KEY]: ['odd field'] } } })],
    ['quota-exceeded', () => errorOf(create, { status: 422, body: { message: { url: ['You created too many reports.', KEY] } } })],
    ['rate-limited', () => errorOf(account, { status: 429, body: { message: echo }, headers: { 'Retry-After': '9' } })],
    ['server-error', () => errorOf(create, { status: 500, body: { message: `SQL error near '${KEY}'` } })],
    ['not-the-api', () => errorOf(account, { status: 200, body: `<html>${echo}</html>` })],
    ['not-the-api by redirect', () => errorOf(account, { status: 301, headers: { Location: `https://other.example.com/?${KEY}` } })],
    ['invalid-response', () => errorOf(account, { status: 200, body: { data: { id: KEY } } })],
    ['network', async () => errorOf(account, null, { baseUrl: `http://127.0.0.1:${await closedPort()}` })],
    ['timeout', () => errorOf(account, { hang: true }, { timeoutMs: 100 })],
    ['invalid-address', () => errorOf(account, null, { baseUrl: `ftp://example.com/${KEY}` })],
    ['insecure-address', () => errorOf(account, null, { baseUrl: `http://example.com/${KEY}` })],
  ])('%s', async (kind, make) => {
    const error = await make();
    expect(error.kind).toBe(kind.split(' ')[0]);
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(JSON.stringify({ ...error.toJSON(), fields: error.fields })).not.toContain(KEY);
    expect(error.message).not.toContain(KEY);
    expect(error.stack ?? '').not.toContain(KEY);
    expect(String(error)).not.toContain(KEY);
  });
});

describe('an echo of the key in another form is scrubbed too', () => {
  // A Sanctum-style key: an id, a bar, then the secret. Its characters need escaping in URLs, JSON and HTML.
  const SANCTUM = `42|s3cr/et"K<e>y&'plus+9fJ2qP0x`;
  const secret = SANCTUM.slice(3);
  const html = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');

  async function detailOf(echo: string): Promise<ApiError> {
    server.reply({ status: 500, body: { message: `Server error near ${echo}` } });
    const api = createReportsApi({ baseUrl: server.baseUrl, apiKey: SANCTUM, retry: { maxAttempts: 1, maxWaitMs: 0 } });
    try {
      await api.getAccount();
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  it.each<[string, string]>([
    ['URL-encoded', encodeURIComponent(SANCTUM)],
    ['URL-encoded with lower-case hex', encodeURIComponent(SANCTUM).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
    ['JSON-escaped', JSON.stringify(SANCTUM).slice(1, -1)],
    ['JSON-escaped the PHP way (\\/)', JSON.stringify(SANCTUM).slice(1, -1).replace(/\//g, '\\/')],
    ['HTML-escaped', html(SANCTUM)],
    ['only its secret part', secret],
    ['only its secret part, URL-encoded', encodeURIComponent(secret)],
    ['only its secret part, HTML-escaped', html(secret)],
  ])('%s', async (_form, echo) => {
    const error = await detailOf(echo);
    const everything = JSON.stringify({ ...error.toJSON(), stack: error.stack });
    expect(everything).not.toContain(echo);
    expect(everything).not.toContain(secret.slice(0, 12));
    expect(everything).toContain('[key]');
  });
});
