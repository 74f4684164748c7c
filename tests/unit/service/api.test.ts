import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { call } from './call.ts';

let service: RunningService;
const alice = { name: 'Alice', email: 'alice@example.com', apiKey: 'alice-key-00000000000000', planName: 'Pro', reportsPerMonth: 100 };
const bob = { name: 'Bob', email: 'bob@example.com', apiKey: 'bob-key-000000000000000000' };
const carol = { name: 'Carol', email: 'carol@example.com', apiKey: 'carol-key-0000000000000000', apiAccess: false };

beforeAll(async () => {
  service = await startReportService({ accounts: [alice, bob, carol] });
});
afterAll(() => service.close());

const api = (path: string, options: Parameters<typeof call>[2] = {}) => call(service.baseUrl, `/api/v1${path}`, options);

describe('signing in with the key', () => {
  it.each([
    ['no key', null],
    ['a wrong key', 'not-a-key'],
  ])('answers %s with 401 when JSON is wanted', async (_, key) => {
    const { status, body } = await api('/reports', { key });
    expect(status).toBe(401);
    expect(body).toEqual({ message: 'Unauthenticated.' });
  });

  it.each([
    ['no Accept header', null],
    ['an HTML Accept header', 'text/html,application/xhtml+xml'],
    ['JSON only as a second choice', 'text/html, application/json;q=0.9'],
  ])('redirects to the login page with %s', async (_, accept) => {
    const { status, headers } = await api('/account', { key: 'not-a-key', accept });
    expect(status).toBe(302);
    expect(headers.get('location')).toBe(`${service.baseUrl}/login`);
    const login = await call(service.baseUrl, '/login', { accept: null });
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toContain('text/html');
  });

  it('answers a known key', async () => {
    expect((await api('/reports', { key: alice.apiKey })).status).toBe(200);
  });
});

describe('paths', () => {
  it.each(['/nope', '/reports/1/extra', '/../v2/reports'])('answers the unknown %s with the JSON 404', async (path) => {
    const { status, body } = await api(path, { key: alice.apiKey });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('answers a report id that is not a number with 404', async () => {
    expect((await api('/reports/abc', { key: alice.apiKey })).status).toBe(404);
  });

  it('answers OPTIONS with the allowed methods and no CORS grant', async () => {
    const { status, headers } = await api('/reports/1', { method: 'OPTIONS' });
    expect(status).toBe(204);
    expect(headers.get('allow')).toBe('GET, PUT, PATCH, DELETE, OPTIONS');
    expect(headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a method the path does not take with 405', async () => {
    const { status, headers } = await api('/account', { method: 'POST', key: alice.apiKey });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, OPTIONS');
  });
});

describe('the account', () => {
  it('is described with its plan and monthly quota', async () => {
    const { status, body } = await api('/account', { key: alice.apiKey });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: service.accounts[0]?.id,
        name: 'Alice',
        email: 'alice@example.com',
        avatar_url: `${service.baseUrl}/avatars/${service.accounts[0]?.id}.svg`,
        locale: 'en',
        timezone: 'UTC',
        plan: { id: 1, name: 'Pro', features: { reports: 100, api: true } },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/),
      },
      status: 200,
    });
    const avatar = await fetch(body.data.avatar_url);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('takes the service default quota when it has none of its own', async () => {
    expect((await api('/account', { key: bob.apiKey })).body.data.plan).toEqual({ id: 2, name: 'Default', features: { reports: -1, api: true } });
  });

  it.each([
    ['GET', '/reports'],
    ['POST', '/reports'],
    ['GET', '/reports/1'],
    ['PUT', '/reports/1'],
    ['DELETE', '/reports/1'],
    ['GET', '/account'],
  ])('without API access gets 403 on %s %s', async (method, path) => {
    const { status, body } = await api(path, {
      method,
      key: carol.apiKey,
      form: method === 'POST' || method === 'PUT' ? { privacy: '0' } : undefined,
    });
    expect(status).toBe(403);
    expect(body).toEqual({ message: "You don't have access to this feature.", status: 403 });
  });
});

describe('each account sees only its own reports', () => {
  it('hides, protects and keeps another account’s report', async () => {
    const [mine] = service.seedReports(alice.apiKey, [{ url: 'https://alice.example/', score: 90 }]);
    const path = `/reports/${mine?.id}`;
    expect((await api(path, { key: bob.apiKey })).body).toEqual({ message: 'Resource not found.', status: 404 });
    expect((await api(path, { key: bob.apiKey, method: 'DELETE' })).status).toBe(404);
    const put = await api(path, { key: bob.apiKey, method: 'PUT', form: { privacy: '1' } });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ message: 'This action is unauthorized.' });
    expect((await api('/reports', { key: bob.apiKey })).body.data).toEqual([]);

    const own = await api(path, { key: alice.apiKey });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: mine?.id, url: 'alice.example', privacy: 0 });
  });

  it('answers PUT on a missing report with 403, as the service does', async () => {
    expect((await api('/reports/999999', { key: alice.apiKey, method: 'PUT', form: { privacy: '1' } })).status).toBe(403);
  });
});

describe('the request log', () => {
  it('records method, request target (query included), the Authorization and the Host it was sent', async () => {
    service.requestLog.length = 0;
    await api('/reports?search=abc', { key: alice.apiKey });
    await api('/reports');
    const host = new URL(service.baseUrl).host;
    expect(service.requestLog).toEqual([
      { method: 'GET', path: '/api/v1/reports?search=abc', authorization: `Bearer ${alice.apiKey}`, host, at: expect.any(Number) },
      { method: 'GET', path: '/api/v1/reports', authorization: null, host, at: expect.any(Number) },
    ]);
  });
});

it('keeps only the last 1000 requests in the log', async () => {
  service.requestLog.length = 0;
  // 1005 pipelined requests on one connection: the log must drop the first five.
  const { port } = new URL(service.baseUrl);
  const requests = Array.from(
    { length: 1005 },
    (_, i) => `GET /?n=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n${i === 1004 ? 'Connection: close\r\n' : ''}\r\n`,
  );
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(requests.join('')));
    socket
      .on('error', reject)
      .on('close', () => resolve())
      .resume();
  });
  expect(service.requestLog).toHaveLength(1000);
  expect(service.requestLog[0]?.path).toBe('/?n=5');
  expect(service.requestLog.at(-1)?.path).toBe('/?n=1004');
});
