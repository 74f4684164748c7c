import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { LOOPBACK_TLS, pageHtml, startPageServer, type PageServer } from '../../service/test-pages.ts';
import { call, failedChecks } from './call.ts';

// 36 checks weigh 11 × 10 (high) + 15 × 5 (medium) + 10 × 0 (low) = 185. http2 always fails
// here (a local server speaks HTTP/1.1), so a page loses at least 5.
const score = (highFailed: number, mediumFailed: number) => Math.round(((185 - 10 * highFailed - 5 * mediumFailed) / 185) * 100);
/** What pageHtml() fails on the https page server: http2, and low checks a bare page cannot pass. */
const BASE = ['content_length', 'htst', 'http2', 'sitemap', 'social', 'text_html_ratio'];
const plus = (...extra: string[]) => [...BASE, ...extra].sort();
const withWords = (body: string) => pageHtml({ body: `<h1>Hi</h1><p>About this page.</p>${body}` });

let service: RunningService;
let secure: PageServer;
let soft404: PageServer;
let plain: PageServer;
let key: string;

const pages = {
  '/perfect': { body: pageHtml() },
  '/no-title': { body: pageHtml({ title: null }) },
  '/long-title': { body: pageHtml({ title: 'A page that passes every check on 127.0.0.1, and then some more' }) },
  '/no-description': { body: pageHtml({ description: null }) },
  '/two-h1': { body: pageHtml({ body: '<h1>One</h1><h1>Two</h1><p>This page</p>' }) },
  '/no-h1': { body: pageHtml({ body: '<h2>Only a subheading on this page</h2>' }) },
  '/noindex': { body: pageHtml({ head: '<meta name="robots" content="noindex, follow">' }) },
  '/noindex-header': { body: pageHtml(), headers: { 'X-Robots-Tag': 'noindex' } },
  '/off-topic': { body: pageHtml({ title: 'Zebra crossing at 127.0.0.1' }) },
  '/with_underscore': { body: pageHtml() },
  '/robots-blocked': { body: pageHtml() },
  '/uncompressed': { body: pageHtml(), gzip: false },
  '/img-no-alt': { body: withWords('<img src="/a.png">') },
  '/mixed': { body: pageHtml({ head: '<script src="http://127.0.0.1:9/app.js"></script>' }) },
  '/no-lang': { body: pageHtml({ lang: null }) },
  '/no-viewport': { body: pageHtml({ viewport: false }) },
  '/no-charset': { body: pageHtml({ charset: false }) },
  '/no-favicon': { body: pageHtml({ favicon: false }) },
  '/no-structured-data': { body: pageHtml({ structuredData: false }) },
  '/no-doctype': { body: pageHtml().replace('<!DOCTYPE html>', '') },
  '/old-format': { body: withWords('<img src="/photo.jpg" alt="Photo">') },
  '/blank-link': { body: withWords('<a href="https://example.com/" target="_blank">out</a>') },
  '/many-links': { body: withWords('<a href="/p">p</a>'.repeat(151)) },
  '/many-requests': { body: withWords('<img src="/i.webp" alt="i">'.repeat(51)) },
  '/server-header': { body: pageHtml(), headers: { Server: 'Apache' } },
  '/slow': { body: pageHtml(), delayMs: 2100 },
  '/heavy': { body: withWords(`<p>${'a'.repeat(330_001)}</p>`), gzip: false },
  '/low-only': {
    body: withWords(
      '<center>old</center><font>x</font><p style="color:red">Write to me@example.com</p><p style="margin:0">x</p>' +
        '<script src="/app.js"></script>' +
        '<span></span>'.repeat(1500),
    ),
  },
  '/robots.txt': { body: 'User-agent: *\nDisallow: *blocked\n', headers: { 'Content-Type': 'text/plain' } },
};

beforeAll(async () => {
  secure = await startPageServer(pages, { https: true });
  soft404 = await startPageServer({}, { https: true, otherwise: { body: pageHtml() } });
  plain = await startPageServer({
    '/perfect': { body: pageHtml() },
    '/bare': { body: pageHtml({ title: null, body: '<h1>Hi</h1><img src="/a.png">' }) },
  });
  service = await startReportService({ extraCaCerts: [LOOPBACK_TLS.cert] });
  key = service.accounts[0]!.apiKey;
});

afterAll(async () => {
  await Promise.all([service.close(), secure.close(), soft404.close(), plain.close()]);
});

const create = (url: string) => call(service.baseUrl, '/api/v1/reports', { method: 'POST', key, form: { url, privacy: '0' } });

describe('the audit', () => {
  it('gives a page that passes every check a local server allows 97, with all 36 checks', async () => {
    const { status, body } = await create(secure.url('/perfect'));
    expect(status).toBe(201);
    expect(body.status).toBe(200);
    expect(failedChecks(body.data.results)).toEqual(BASE);
    expect(body.data.result).toBe(score(0, 1));
    expect(Object.keys(body.data.results)).toHaveLength(36);
    expect(body.data.url).toBe(`${new URL(secure.origin).host}/perfect`);
    expect(body.data.project).toBe('127.0.0.1');
  });

  it.each([
    ['/no-title', plus('title', 'content_keywords', 'seo_friendly_url'), score(3, 1)],
    ['/long-title', plus('title'), score(1, 1)],
    ['/no-description', plus('meta_description'), score(1, 1)],
    ['/two-h1', plus('headings'), score(1, 1)],
    ['/no-h1', plus('headings'), score(1, 1)],
    ['/noindex', plus('noindex'), score(1, 1)],
    ['/noindex-header', plus(), score(0, 1)],
    ['/off-topic', plus('content_keywords'), score(1, 1)],
    ['/with_underscore', plus('seo_friendly_url'), score(1, 1)],
    ['/robots-blocked', plus('robots'), score(1, 1)],
    ['/uncompressed', plus('text_compression'), score(1, 1)],
    ['/img-no-alt', plus('image_keywords', 'image_format'), score(1, 2)],
    ['/mixed', plus('mixed_content', 'defer_javascript'), score(0, 2)],
    ['/no-lang', plus('language'), score(0, 2)],
    ['/no-viewport', plus('meta_viewport'), score(0, 2)],
    ['/no-charset', plus('charset'), score(0, 2)],
    ['/no-favicon', plus('favicon'), score(0, 2)],
    ['/no-structured-data', plus('structured_data'), score(0, 2)],
    ['/no-doctype', plus('doctype'), score(0, 2)],
    ['/old-format', plus('image_format'), score(0, 2)],
    ['/blank-link', plus('unsafe_cross_origin_links'), score(0, 2)],
    ['/many-links', plus('in_page_links'), score(0, 2)],
    ['/many-requests', plus('http_requests'), score(0, 2)],
    ['/server-header', plus('server_signature'), score(0, 2)],
    ['/slow', plus('load_time'), score(0, 2)],
    // A page of mostly text: the ratio passes, the uncompressed size fails twice.
    ['/heavy', plus('page_size', 'text_compression').filter((c) => c !== 'text_html_ratio'), score(1, 2)],
    // Low checks weigh nothing: these fail and the score stays.
    ['/low-only', plus('deprecated_html_tags', 'inline_css', 'plaintext_email', 'defer_javascript', 'dom_size'), score(0, 1)],
  ])('%s fails %j and scores %i', async (path, failed, expected) => {
    const { status, body } = await create(secure.url(path));
    expect(status).toBe(201);
    expect(failedChecks(body.data.results)).toEqual(failed);
    expect(body.data.result).toBe(expected);
  });

  it('fails 404_page on a site that answers every address', async () => {
    const { body } = await create(soft404.url('/anything'));
    expect(failedChecks(body.data.results)).toEqual(plus('404_page'));
    expect(body.data.result).toBe(score(1, 1));
  });

  it('fails https_encryption on plain http, and adds up several failures', async () => {
    expect((await create(plain.url('/perfect'))).body.data.result).toBe(score(1, 1));
    const { body } = await create(plain.url('/bare'));
    expect(failedChecks(body.data.results)).toEqual(
      plus('content_keywords', 'https_encryption', 'image_format', 'image_keywords', 'seo_friendly_url', 'title'),
    );
    expect(body.data.result).toBe(score(5, 2));
  });

  it('sends every error key of a check, thresholds as strings', async () => {
    const { body } = await create(secure.url('/no-title'));
    expect(body.data.results.title).toEqual({
      passed: false,
      importance: 'high',
      value: null,
      errors: { missing: null, length: { min: '1', max: '60' } },
    });
    expect(body.data.results.image_keywords).toEqual({ passed: true, importance: 'high', value: null });
  });
});
