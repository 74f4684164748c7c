import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite, page, type LocalSite } from './local-audit.ts';

let site: LocalSite;
let bare: LocalSite;
const LD = (json: string, type = 'application/ld+json') => `<script type="${type}">${json}</script>`;
const STRUCTURED = page(
  '<meta property="og:title" content="Fresh  bread"><meta property="og:image" content=""><meta name="og:type" content="x">' +
    '<meta name="twitter:card" content="summary"><meta property="twitter:site" content="@x">' +
    LD('{"@context":"https://schema.org/","@type":"Thing"}') +
    LD('{"@context":"http://schema.org","@type":"Bakery"}') +
    LD('[{"@context":"https://schema.org"}]') +
    LD('{broken'),
  LD('{"@context":"HTTPS://SCHEMA.ORG","@type":"Person","knows":{"name":"B"}}', 'Application/LD+JSON'),
);
const SOCIAL = [
  'https://twitter.com/a',
  'https://www.facebook.com/b',
  'https://m.facebook.com/c',
  'https://youtube.com/d',
  'http://www.linkedin.com/e',
  'https://example.org/f',
]
  .map((href, i) => `<a href="${href}">Link ${i}</a>`)
  .join('');
const SMALL_TEXT = page('', 'x'.repeat(100));
const LOW_TEXT = page(`<!--${'c'.repeat(1000)}-->`, 'tiny');

beforeAll(async () => {
  site = await localSite({
    '/robots.txt': {
      body: 'Sitemap: http://x.example/sitemap.xml\nsitemap:http://x.example/news.xml\nSitemap:\n',
      headers: { 'Content-Type': 'text/plain' },
    },
    '/page': { body: page('<meta name="viewport" content="width=device-width"><meta charset=" UTF-8 ">', '') },
    '/structured': { body: STRUCTURED },
    '/empty-viewport': { body: page('<meta name="viewport" content=" "><meta http-equiv="Content-Type" content="text/html; charset=utf-8">', '') },
    '/social': { body: page('', SOCIAL) },
    '/words-499': { body: page('', `<p>${'word '.repeat(499)}</p>`) },
    '/words-500': { body: page('', `<p>${'word '.repeat(500)}</p>`) },
    '/word-rules': { body: page('', "<p>It's a co-op_thing, 0 1.</p>") },
    '/small-text': { body: SMALL_TEXT },
    '/low-text': { body: LOW_TEXT },
    '/one-style': { body: page('', '<p style="color:red">x</p>') },
    '/styles': { body: page('', '<div style="color:red"></div><svg style="display:none"><rect style="fill:red"></rect></svg><p style="">x</p>') },
    '/one-kind': { body: page('', '<center>a</center><center>b</center><center>c</center>') },
    '/kinds': { body: page('', '<u>u</u><center>c</center><font>f</font><font>g</font>') },
  });
  bare = await localSite({ '/page': { body: page('', '') } });
});
afterAll(() => Promise.all([site.close(), bare.close()]));

describe('structured_data', () => {
  it('takes og: properties and twitter: names from head, and the last JSON-LD whose @context is exactly schema.org', async () => {
    expect((await site.audit('/structured')).structured_data).toEqual({
      passed: true,
      importance: 'medium',
      value: {
        'Open Graph': { 'og:title': 'Fresh bread' },
        Twitter: { 'twitter:card': 'summary' },
        'Schema.org': { '@context': 'HTTPS://SCHEMA.ORG', '@type': 'Person', knows: { name: 'B' } },
      },
    });
  });

  it('sends [] and missing when there is none', async () => {
    expect((await site.audit('/page')).structured_data).toEqual({ passed: false, importance: 'medium', value: [], errors: { missing: null } });
  });
});

describe('meta_viewport and charset', () => {
  it('pass with the cleaned content of the meta', async () => {
    const results = await site.audit('/page');
    expect(results.meta_viewport).toEqual({ passed: true, importance: 'medium', value: 'width=device-width' });
    expect(results.charset).toEqual({ passed: true, importance: 'medium', value: 'UTF-8' });
  });

  it('fail an empty viewport with "" and an http-equiv charset with null', async () => {
    const results = await site.audit('/empty-viewport');
    expect(results.meta_viewport).toEqual({ passed: false, importance: 'medium', value: '', errors: { missing: null } });
    expect(results.charset).toEqual({ passed: false, importance: 'medium', value: null, errors: { missing: null } });
  });
});

describe('sitemap', () => {
  it('lists the non-empty Sitemap lines of robots.txt, any case', async () => {
    expect((await site.audit('/page')).sitemap).toEqual({
      passed: true,
      importance: 'low',
      value: ['http://x.example/sitemap.xml', 'http://x.example/news.xml'],
    });
  });

  it('fails with [] when the site has no robots.txt', async () => {
    expect((await bare.audit('/page')).sitemap).toEqual({ passed: false, importance: 'low', value: [], errors: { failed: null } });
  });
});

describe('social', () => {
  it('groups links to the five networks by name, www. or not; other hosts do not count', async () => {
    expect((await site.audit('/social')).social).toEqual({
      passed: true,
      importance: 'low',
      value: {
        Twitter: [{ url: 'https://twitter.com/a', text: 'Link 0' }],
        Facebook: [{ url: 'https://www.facebook.com/b', text: 'Link 1' }],
        YouTube: [{ url: 'https://youtube.com/d', text: 'Link 3' }],
        LinkedIn: [{ url: 'http://www.linkedin.com/e', text: 'Link 4' }],
      },
    });
    expect((await site.audit('/page')).social).toEqual({ passed: false, importance: 'low', value: [], errors: { missing: null } });
  });
});

describe('content_length', () => {
  it('fails 499 words and passes 500', async () => {
    expect((await site.audit('/words-499')).content_length).toEqual({
      passed: false,
      importance: 'low',
      value: 499,
      errors: { too_few: { min: '500' } },
    });
    expect((await site.audit('/words-500')).content_length).toEqual({ passed: true, importance: 'low', value: 500 });
  });

  it('splits on anything but letters, digits and _, and drops "0"', async () => {
    // it, s, a, co, op_thing, 1
    expect((await site.audit('/word-rules')).content_length?.value).toBe(6);
  });
});

describe('text_html_ratio', () => {
  it('is the body text length over the HTML length, as a whole percentage', async () => {
    expect((await site.audit('/small-text')).text_html_ratio).toEqual({
      passed: true,
      importance: 'low',
      value: Math.round((100 / SMALL_TEXT.length) * 100),
    });
  });

  it('fails under 10', async () => {
    expect((await site.audit('/low-text')).text_html_ratio).toEqual({
      passed: false,
      importance: 'low',
      value: Math.round((4 / LOW_TEXT.length) * 100),
      errors: { too_small: { min: '10' } },
    });
  });
});

describe('inline_css', () => {
  it('lets one style attribute through', async () => {
    expect((await site.audit('/one-style')).inline_css).toEqual({ passed: true, importance: 'low', value: null });
  });

  it('lists every non-empty style but the svg’s own, from two on', async () => {
    expect((await site.audit('/styles')).inline_css).toEqual({
      passed: false,
      importance: 'low',
      value: null,
      errors: { failed: ['color:red', 'fill:red'] },
    });
  });
});

describe('deprecated_html_tags', () => {
  it('lets one kind of old tag through, however often', async () => {
    expect((await site.audit('/one-kind')).deprecated_html_tags).toEqual({ passed: true, importance: 'low', value: null });
  });

  it('counts each kind, in the order of the service’s list, from two kinds on', async () => {
    expect((await site.audit('/kinds')).deprecated_html_tags).toEqual({
      passed: false,
      importance: 'low',
      value: null,
      errors: { bad_tags: { center: 1, font: 2, u: 1 } },
    });
  });
});
