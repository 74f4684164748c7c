import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite, page, type LocalSite } from './local-audit.ts';

let site: LocalSite;
const BASIC = page('<title>x</title>', '<p>Hello</p>');
/** A page of exactly `bytes` bytes. */
const ofSize = (bytes: number) => page('', 'a'.repeat(bytes - Buffer.byteLength(page('', ''))));
const spans = (n: number) => page('', '<span></span>'.repeat(n));
const RESOURCES = page(
  '<script src="/app.js"></script><script>inline()</script><link rel="stylesheet" href="/a.css"><link rel="Stylesheet" href="/b.css">' +
    '<link rel="preload stylesheet" href="/c.css"><link rel="icon" href="/i.ico">',
  '<img src="/1.png" alt=""><img src="/2.png" loading="lazy" alt=""><img alt="">' +
    '<audio preload="none"><source src="/x.mp3" type="audio/mpeg"></audio><audio><source src="/y.mp3" type="audio/mpeg"><source src="/y.ogg"></audio>' +
    '<video><source src="/v.webm" type="video/webm"></video><video src="/direct.mp4"></video>' +
    '<iframe src="/frame.html"></iframe><iframe src="/later.html" loading="lazy"></iframe>',
);

beforeAll(async () => {
  site = await localSite({
    '/gzip': { body: BASIC },
    '/plain': { body: BASIC, gzip: false },
    '/size-330000': { body: ofSize(330_000), gzip: false },
    '/size-330001': { body: ofSize(330_001), gzip: false },
    '/slow': { body: BASIC, delayMs: 2100 },
    '/resources': { body: RESOURCES },
    '/50-requests': { body: page('', '<img src="/i.png" alt="i">'.repeat(50)) },
    '/51-requests': { body: page('', '<img src="/i.png" alt="i">'.repeat(51)) },
    '/images': {
      body: page(
        '',
        '<picture><source srcset="/img/hero.avif" type="image/avif"><img src="/img/hero.jpg" alt="Hero"></picture>' +
          '<img src="/img/logo.svg"><img src="/img/photo.jpg" alt="A  photo"><img src="img/pic.webp" alt="Pic"><img src="bare.webp" alt="Bare">',
      ),
    },
    '/scripts': {
      body: page('<script src="/a.js"></script><script src="/b.js" async></script><script src="/c.js" defer></script><script>x()</script>', ''),
    },
    '/1500-elements': { body: spans(1497) },
    '/1501-elements': { body: spans(1498) },
    '/no-doctype': { body: '<html lang="en"><head></head><body></body></html>' },
  });
});
afterAll(() => site.close());

describe('text_compression and page_size', () => {
  it('pass a gzipped page; both are the bytes on the wire, the compressed size', async () => {
    const results = await site.audit('/gzip');
    const wire = gzipSync(Buffer.from(BASIC)).length;
    expect(results.text_compression).toEqual({ passed: true, importance: 'high', value: wire });
    expect(results.page_size).toEqual({ passed: true, importance: 'medium', value: wire });
  });

  it('fail compression on an uncompressed page, with its size', async () => {
    expect((await site.audit('/plain')).text_compression).toEqual({
      passed: false,
      importance: 'high',
      value: Buffer.byteLength(BASIC),
      errors: { missing: null },
    });
  });

  it('allow 330000 bytes and fail 330001 with the limit as a string', async () => {
    expect((await site.audit('/size-330000')).page_size).toEqual({ passed: true, importance: 'medium', value: 330_000 });
    expect((await site.audit('/size-330001')).page_size).toEqual({
      passed: false,
      importance: 'medium',
      value: 330_001,
      errors: { too_large: { max: '330000' } },
    });
  });
});

describe('load_time', () => {
  it('is seconds with at most six decimals', async () => {
    const { load_time } = await site.audit('/gzip');
    expect(load_time).toMatchObject({ passed: true, importance: 'medium' });
    const seconds = Number(load_time?.value);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(2);
    expect(Math.round(seconds * 1e6) / 1e6).toBe(seconds);
  });

  it('fails a page slower than 2 seconds', async () => {
    const { load_time } = await site.audit('/slow');
    expect(load_time).toMatchObject({ passed: false, errors: { too_slow: { max: '2' } } });
    expect(Number(load_time?.value)).toBeGreaterThan(2);
  });
});

describe('http_requests', () => {
  it('groups what loads at once: no lazy images or frames, no preload=none media, stylesheets by rel', async () => {
    expect((await site.audit('/resources')).http_requests).toEqual({
      passed: true,
      importance: 'medium',
      value: {
        JavaScripts: [site.url('/app.js')],
        CSS: [site.url('/a.css'), site.url('/c.css')],
        Images: [site.url('/1.png')],
        Audios: [site.url('/y.mp3')],
        Videos: [site.url('/v.webm')],
        Iframes: [site.url('/frame.html')],
      },
    });
  });

  it('allows 50 requests and fails 51; [] when there are none', async () => {
    expect((await site.audit('/50-requests')).http_requests?.passed).toBe(true);
    expect((await site.audit('/51-requests')).http_requests).toMatchObject({ passed: false, errors: { too_many: { max: '50' } } });
    expect((await site.audit('/gzip')).http_requests).toEqual({ passed: true, importance: 'medium', value: [] });
  });
});

describe('image_format', () => {
  it('fails images unless the HTML names an AVIF or WebP of the same name after a slash; SVG passes', async () => {
    expect((await site.audit('/images')).image_format).toEqual({
      passed: false,
      importance: 'medium',
      value: ['AVIF', 'WebP'],
      errors: {
        bad_format: [
          { url: site.url('/img/photo.jpg'), text: 'A photo' },
          { url: site.url('/bare.webp'), text: 'Bare' },
        ],
      },
    });
  });

  it('passes a page without images, with the accepted formats as its value', async () => {
    expect((await site.audit('/gzip')).image_format).toEqual({ passed: true, importance: 'medium', value: ['AVIF', 'WebP'] });
  });
});

describe('defer_javascript', () => {
  it('lists external scripts without defer; async alone is flagged', async () => {
    expect((await site.audit('/scripts')).defer_javascript).toEqual({
      passed: false,
      importance: 'low',
      value: null,
      errors: { missing: [site.url('/a.js'), site.url('/b.js')] },
    });
    expect((await site.audit('/gzip')).defer_javascript).toEqual({ passed: true, importance: 'low', value: null });
  });
});

describe('dom_size and doctype', () => {
  it('counts every element: html, head, body and the spans; 1500 pass, 1501 fail', async () => {
    expect((await site.audit('/1500-elements')).dom_size).toEqual({ passed: true, importance: 'low', value: 1500 });
    expect((await site.audit('/1501-elements')).dom_size).toEqual({
      passed: false,
      importance: 'low',
      value: 1501,
      errors: { too_many: { max: '1500' } },
    });
  });

  it('names the doctype, or sends "" when there is none', async () => {
    expect((await site.audit('/gzip')).doctype).toEqual({ passed: true, importance: 'medium', value: 'html' });
    expect((await site.audit('/no-doctype')).doctype).toEqual({ passed: false, importance: 'medium', value: '', errors: { missing: null } });
  });
});
