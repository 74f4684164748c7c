import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { LOOPBACK_TLS, pageHtml, startPageServer, type PageServer } from '../../service/test-pages.ts';
import { call } from './call.ts';

let service: RunningService;
let secure: PageServer;
let plain: PageServer;
let key: string;

beforeAll(async () => {
  secure = await startPageServer({ '/perfect': { body: pageHtml() } }, { https: true });
  plain = await startPageServer({
    '/to-https': { redirect: secure.url('/perfect') },
    '/missing': { status: 404, body: 'gone' },
    '/pdf': { body: '%PDF-1.4', headers: { 'Content-Type': 'application/pdf' } },
    '/slow': { body: pageHtml(), delayMs: 1000 },
    ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`/hop/${i}`, { redirect: `/hop/${i + 1}` }])),
    '/hop/11': { body: pageHtml() },
  });
  service = await startReportService({ extraCaCerts: [LOOPBACK_TLS.cert] });
  key = service.accounts[0]!.apiKey;
});

afterAll(async () => {
  await Promise.all([service.close(), secure.close(), plain.close()]);
});

const create = (url: string) => call(service.baseUrl, '/api/v1/reports', { method: 'POST', key, form: { url, privacy: '0' } });

describe('fetching the page', () => {
  it('follows redirects and stores the final address', async () => {
    const { status, body } = await create(plain.url('/to-https'));
    expect(status).toBe(201);
    expect(body.data.url).toBe(`${new URL(secure.origin).host}/perfect`);
    // The checks read the final page: it is https, and its own address is the one shown.
    expect(body.data.results.https_encryption).toEqual({ passed: true, importance: 'high', value: secure.url('/perfect') });
    expect(body.data.results.seo_friendly_url.value).toBe(secure.url('/perfect'));
  });

  it('follows ten redirects', async () => {
    const { status, body } = await create(plain.url('/hop/1'));
    expect(status).toBe(201);
    expect(body.data.url).toBe(`${new URL(plain.origin).host}/hop/11`);
  });

  it('refuses an eleventh redirect with a 422 on url', async () => {
    const { status, body } = await create(plain.url('/hop/0'));
    expect(status).toBe(422);
    expect(body).toEqual({ message: { url: ['Will not follow more than 10 redirects'] }, status: 422 });
  });

  it.each([
    ['an unreachable page', 'http://127.0.0.1:9/', /Failed to connect to 127\.0\.0\.1 port 9/],
    ['a missing page', '/missing', /HTTP 404/],
    ['a page that is not HTML', '/pdf', /not an HTML document/],
  ])('answers %s with the fetch error as a 422 on url', async (_, where, message) => {
    const { status, body } = await create(where.startsWith('/') ? plain.url(where) : where);
    expect(status).toBe(422);
    expect(body.status).toBe(422);
    expect(body.message.url).toHaveLength(1);
    expect(body.message.url[0]).toMatch(message);
  });

  it('gives up on a page slower than the fetch timeout', async () => {
    service.configure({ fetchTimeoutMs: 300 });
    try {
      const { status, body } = await create(plain.url('/slow'));
      expect(status).toBe(422);
      expect(body).toEqual({ message: { url: ['Operation timed out after 300 milliseconds.'] }, status: 422 });
    } finally {
      service.configure({ fetchTimeoutMs: 15000 });
    }
  });

  it('answers a page whose connection drops mid-way with a 422, not a hang', async () => {
    const dropping = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': '5000' });
      res.write('<html><head><title>Half');
      setTimeout(() => res.destroy(), 20);
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const { status, body } = await create(`http://127.0.0.1:${(dropping.address() as AddressInfo).port}/`);
      expect(status).toBe(422);
      expect(body.message.url[0]).toMatch(/Connection reset|connection closed/);
    } finally {
      dropping.close();
    }
  });

  it('keeps no report of a failed fetch', async () => {
    const before = (await call(service.baseUrl, '/api/v1/reports', { key })).body.meta.total;
    await create(plain.url('/missing'));
    expect((await call(service.baseUrl, '/api/v1/reports', { key })).body.meta.total).toBe(before);
  });
});
