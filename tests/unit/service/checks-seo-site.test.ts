import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSite, page, type LocalSite } from './local-audit.ts';

let site: LocalSite;
/** Answers every path 200: a site without 404 pages. */
let soft404: LocalSite;
const links = (n: number) => '<a href="/p">p</a>'.repeat(n);
const ROBOTS = 'User-agent: *\nDisallow: /\r\nDisallow: *private\n\nUser-agent: Googlebot\nDisallow: *.pdf$\nAllow: /public\n';

beforeAll(async () => {
  site = await localSite({
    '/robots.txt': { body: ROBOTS, headers: { 'Content-Type': 'text/plain' } },
    '/page': { body: page('<title>x</title>', '') },
    '/private-notes': { body: page('', '') },
    '/files/report.pdf': { body: page('', '') },
    '/noindex': { body: page('<meta name="robots" content="noindex, follow">', '') },
    '/noindex-caps': { body: page('<meta name="robots" content="NOINDEX">', '') },
    '/googlebot': { body: page('<meta name="GoogleBot" content="noindex">', '') },
    '/noindex-header': { body: page('', ''), headers: { 'X-Robots-Tag': 'noindex' } },
    '/links': {
      body: page(
        '',
        '<a href="/about">About  us</a><a href="#top">Top</a><a href="">Empty</a><a href="mailto:me@example.com">Mail</a>' +
          '<a href="https://example.org/">Out</a><a href="//cdn.example.org/x#part">CDN</a>',
      ),
    },
    '/150-links': { body: page('', links(150)) },
    '/151-links': { body: page('', links(151)) },
    '/no-lang': { body: '<!DOCTYPE html><html><head></head><body></body></html>' },
    '/empty-lang': { body: '<!DOCTYPE html><html lang=""><head></head><body></body></html>' },
    '/icons': { body: page('<link rel="icon" href="/a.ico"><link rel="apple-touch-icon" href="icons/touch.png">', '') },
    '/icon-in-body': { body: page('', '<link rel="icon" href="/x.ico">') },
  });
  soft404 = await localSite({}, { otherwise: { body: page('<title>Anything</title>', '') } });
});
afterAll(() => Promise.all([site.close(), soft404.close()]));

describe('404_page', () => {
  it('is the made-up address the site answered 404 at', async () => {
    const entry = (await site.audit('/page'))['404_page'];
    expect(entry?.passed).toBe(true);
    expect(entry?.value).toMatch(new RegExp(`^${site.origin}/404-[0-9a-f]{32}$`));
  });

  it('fails with false when the site answers an unknown address 200', async () => {
    expect((await soft404.audit('/page'))['404_page']).toEqual({ passed: false, importance: 'high', value: false, errors: { missing: null } });
  });
});

describe('robots', () => {
  it('lists the Disallow rules of any group that match the absolute address', async () => {
    expect((await site.audit('/private-notes')).robots).toEqual({ passed: false, importance: 'high', value: null, errors: { failed: ['*private'] } });
    expect((await site.audit('/files/report.pdf')).robots?.errors).toEqual({ failed: ['*.pdf$'] });
  });

  it('never matches "Disallow: /", which is anchored at the start of "http://…"', async () => {
    expect((await site.audit('/page')).robots).toEqual({ passed: true, importance: 'high', value: null });
  });

  it('passes when the site has no robots.txt', async () => {
    expect((await soft404.audit('/page')).robots).toEqual({ passed: true, importance: 'high', value: null });
  });
});

describe('noindex', () => {
  it('fails with the content of a robots or googlebot meta holding noindex, under the key missing', async () => {
    expect((await site.audit('/noindex')).noindex).toEqual({
      passed: false,
      importance: 'high',
      value: 'noindex, follow',
      errors: { missing: null },
    });
    expect((await site.audit('/googlebot')).noindex).toEqual({ passed: false, importance: 'high', value: 'noindex', errors: { missing: null } });
  });

  it.each(['/noindex-caps', '/noindex-header', '/page'])('passes %s: the match is case-sensitive and headers are not read', async (path) => {
    expect((await site.audit(path)).noindex).toEqual({ passed: true, importance: 'high', value: null });
  });
});

describe('in_page_links', () => {
  it('groups links by the host; skips empty and #-led ones; mailto is external', async () => {
    expect((await site.audit('/links')).in_page_links).toEqual({
      passed: true,
      importance: 'medium',
      value: {
        Internals: [{ url: site.url('/about'), text: 'About us' }],
        Externals: [
          { url: 'mailto:me@example.com', text: 'Mail' },
          { url: 'https://example.org/', text: 'Out' },
          { url: 'http://cdn.example.org/x', text: 'CDN' },
        ],
      },
    });
  });

  it('allows 150 links and fails 151 with the limit as a string', async () => {
    expect((await site.audit('/150-links')).in_page_links?.passed).toBe(true);
    const entry = (await site.audit('/151-links')).in_page_links;
    expect(entry).toMatchObject({ passed: false, errors: { too_many: { max: '150' } } });
    expect(entry?.value).toEqual({ Internals: Array.from({ length: 151 }, () => ({ url: site.url('/p'), text: 'p' })) });
  });

  it('sends [] for a page without links', async () => {
    expect((await site.audit('/page')).in_page_links).toEqual({ passed: true, importance: 'medium', value: [] });
  });
});

describe('language', () => {
  it('is the lang of <html>', async () => {
    expect((await site.audit('/page')).language).toEqual({ passed: true, importance: 'medium', value: 'en' });
  });

  it.each(['/no-lang', '/empty-lang'])('is missing on %s', async (path) => {
    expect((await site.audit(path)).language).toEqual({ passed: false, importance: 'medium', value: null, errors: { missing: null } });
  });
});

describe('favicon', () => {
  it('is the last rel~=icon link in head, apple-touch-icon included, on the site root', async () => {
    expect((await site.audit('/icons')).favicon).toEqual({ passed: true, importance: 'medium', value: site.url('/icons/touch.png') });
  });

  it('is missing when the only icon link is in the body', async () => {
    expect((await site.audit('/icon-in-body')).favicon).toEqual({ passed: false, importance: 'medium', value: null, errors: { missing: null } });
  });
});
