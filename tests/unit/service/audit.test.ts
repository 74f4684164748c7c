import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { LOOPBACK_TLS, pageHtml, startPageServer, type PageServer } from '../../service/test-pages.ts';
import { call, failedChecks } from './call.ts';

// Weights: high 10, medium 5, low 0. The audit has 8 high and 9 medium checks: 125 in all.
// One high check failed: round(115 / 125 × 100) = 92; one medium: round(120 / 125 × 100) = 96.
let service: RunningService;
let secure: PageServer;
let plain: PageServer;
let key: string;

const pages = {
  '/perfect': { body: pageHtml() },
  '/no-title': { body: pageHtml({ title: null }) },
  '/long-title': { body: pageHtml({ title: 'x'.repeat(61) }) },
  '/no-description': { body: pageHtml({ description: null }) },
  '/long-description': { body: pageHtml({ description: 'd'.repeat(161) }) },
  '/two-h1': { body: pageHtml({ body: '<h1>One</h1><h1>Two</h1>' }) },
  '/no-h1': { body: pageHtml({ body: '<h2>Only a subheading</h2>' }) },
  '/noindex': { body: pageHtml({ head: '<meta name="robots" content="noindex, follow">' }) },
  '/noindex-header': { body: pageHtml(), headers: { 'X-Robots-Tag': 'noindex' } },
  '/uncompressed': { body: pageHtml(), gzip: false },
  '/mixed': { body: pageHtml({ head: '<script src="http://127.0.0.1:9/app.js"></script>' }) },
  '/img-no-alt': { body: pageHtml({ body: '<h1>Hi</h1><img src="/a.png">' }) },
  '/no-lang': { body: pageHtml({ lang: null }) },
  '/no-viewport': { body: pageHtml({ viewport: false }) },
  '/no-charset': { body: pageHtml({ charset: false }), headers: { 'Content-Type': 'text/html' } },
  '/with_underscore': { body: pageHtml() },
  '/blank-link': { body: pageHtml({ body: '<h1>Hi</h1><a href="https://example.com/" target="_blank">out</a>' }) },
  '/many-requests': { body: pageHtml({ body: '<h1>Hi</h1>' + '<img src="/i.png" alt="">'.repeat(50) }) },
  '/big-dom': { body: pageHtml({ body: '<h1>Hi</h1>' + '<span></span>'.repeat(1500) }) },
  '/heavy': { body: pageHtml({ body: `<h1>Hi</h1><p>${'a'.repeat(330 * 1024)}</p>` }) },
  '/low-only': {
    body: pageHtml({
      favicon: false,
      structuredData: false,
      body: '<h1>Hi</h1><center>old</center><p style="color:red">Write to me@example.com</p>',
    }),
  },
};

beforeAll(async () => {
  secure = await startPageServer(pages, { https: true });
  plain = await startPageServer({
    '/perfect': { body: pageHtml() },
    '/bare': { body: pageHtml({ title: null, body: '<h1>Hi</h1><img src="/a.png">' }) },
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

describe('the audit', () => {
  it('scores a page that passes every check 100, and stores its address stripped', async () => {
    const { status, body } = await create(secure.url('/perfect'));
    expect(status).toBe(201);
    expect(body.status).toBe(200);
    expect(body.data.result).toBe(100);
    expect(failedChecks(body.data.results)).toEqual([]);
    expect(Object.keys(body.data.results).length).toBeGreaterThanOrEqual(15);
    expect(body.data.url).toBe(`${new URL(secure.origin).host}/perfect`);
    expect(body.data.project).toBe('127.0.0.1');
  });

  it.each([
    ['/no-title', ['title'], 92],
    ['/long-title', ['title'], 92],
    ['/no-description', ['meta_description'], 92],
    ['/long-description', ['meta_description'], 92],
    ['/two-h1', ['headings'], 92],
    ['/no-h1', ['headings'], 92],
    ['/noindex', ['noindex'], 92],
    ['/noindex-header', ['noindex'], 92],
    ['/uncompressed', ['text_compression'], 92],
    ['/mixed', ['mixed_content'], 92],
    ['/img-no-alt', ['image_keywords'], 96],
    ['/no-lang', ['language'], 96],
    ['/no-viewport', ['meta_viewport'], 96],
    ['/no-charset', ['charset'], 96],
    ['/with_underscore', ['seo_friendly_url'], 96],
    ['/blank-link', ['unsafe_cross_origin_links'], 96],
    ['/many-requests', ['http_requests'], 96],
    ['/big-dom', ['dom_size'], 96],
    ['/heavy', ['page_size'], 96],
    // Low importance weighs nothing: these fail and the score stays 100.
    ['/low-only', ['deprecated_html_tags', 'favicon', 'inline_css', 'plaintext_email', 'structured_data'], 100],
  ])('%s fails %j and scores %i', async (path, failed, score) => {
    const { status, body } = await create(secure.url(path));
    expect(status).toBe(201);
    expect(failedChecks(body.data.results)).toEqual(failed);
    expect(body.data.result).toBe(score);
  });

  it('fails https_encryption on plain http, and adds up several failures', async () => {
    expect((await create(plain.url('/perfect'))).body.data.result).toBe(92);
    // https 10 + title 10 + image alt 5 lost: round(100 / 125 × 100) = 80.
    const { body } = await create(plain.url('/bare'));
    expect(failedChecks(body.data.results)).toEqual(['https_encryption', 'image_keywords', 'title']);
    expect(body.data.result).toBe(80);
  });

  it('gives each check its importance and failed checks their errors', async () => {
    const { body } = await create(secure.url('/no-title'));
    expect(body.data.results.title).toEqual({ passed: false, importance: 'high', value: null, errors: { missing: null } });
    expect(body.data.results.image_keywords).toEqual({ passed: true, importance: 'medium', value: [] });
    expect(body.data.results.favicon.importance).toBe('low');
  });
});

describe('fetching the page', () => {
  it('follows redirects and stores the final address', async () => {
    const { status, body } = await create(plain.url('/to-https'));
    expect(status).toBe(201);
    expect(body.data.url).toBe(`${new URL(secure.origin).host}/perfect`);
    expect(body.data.results.redirects).toMatchObject({ passed: false, value: 1 });
    expect(body.data.result).toBe(100);
  });

  it('follows ten redirects', async () => {
    const { status, body } = await create(plain.url('/hop/1'));
    expect(status).toBe(201);
    expect(body.data.url).toBe(`${new URL(plain.origin).host}/hop/11`);
    expect(body.data.results.redirects.value).toBe(10);
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
