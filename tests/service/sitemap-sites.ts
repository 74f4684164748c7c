/**
 * Two sites with sitemaps, for the sitemap planner's tests (`startPageServer(sitemapSiteRoutes())`).
 * Every address inside is built from the request's own `Host`, so the same routes serve
 * `127.0.0.1` and `localhost` alike.
 *
 * - The plain site: robots.txt names a sitemap index, which names a urlset (entities, CDATA, one
 *   address on another site), a gzip urlset served as a file (no Content-Encoding) and a sitemap
 *   on another site. Its own pages: `SITEMAP_SITE_PAGES`, each a page that passes the audit.
 * - The hostile site: robots.txt names a body that never ends, a gzip bomb, an index that nests
 *   itself without end, an entity bomb behind a DOCTYPE and a urlset of twelve addresses on other
 *   sites around two of its own (`HOSTILE_SITE_PAGES`).
 */
import type { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { pageHtml, type PageRoute, type Route } from './test-pages.ts';

/** The plain site's own pages, in the sitemaps' order. */
export const SITEMAP_SITE_PAGES = ['/', '/about', '/shop/shoes?colour=red&size=9', '/contact', '/blog/one', '/blog/two', '/blog/three'];
/** The hostile site's own pages. */
export const HOSTILE_SITE_PAGES = ['/kept-1', '/kept-2'];
/** Addresses on other sites the hostile site's urlset lists. */
export const HOSTILE_OTHER_SITES = 12;

const XML = { 'Content-Type': 'application/xml; charset=utf-8' };
const origin = (req: IncomingMessage) => `http://${req.headers.host ?? '127.0.0.1'}`;
const xml = (body: string): PageRoute => ({ body, gzip: false, headers: XML });

function urlset(locs: string[]): string {
  const urls = locs.map((loc) => `<url><loc>${loc}</loc><changefreq>weekly</changefreq></url>`).join('\n  ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${urls}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const maps = locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('\n  ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${maps}\n</sitemapindex>\n`;
}

const page: Route = { body: pageHtml({ title: 'A page of the site on 127.0.0.1 and localhost' }) };

export function sitemapSiteRoutes(): Record<string, Route> {
  return {
    '/robots.txt': (req) => ({ body: `User-agent: *\nDisallow: /private/\n\nsitemap:  ${origin(req)}/sitemap-index.xml\n`, gzip: false }),
    '/sitemap-index.xml': (req) =>
      xml(sitemapIndex([`${origin(req)}/sitemap-pages.xml`, `${origin(req)}/sitemap-blog.xml.gz`, 'https://cdn.example.net/sitemap.xml'])),
    '/sitemap-pages.xml': (req) =>
      xml(
        urlset([
          `${origin(req)}/`,
          ` ${origin(req)}/&#97;bout `,
          `${origin(req)}/shop/shoes?colour=red&amp;size=9`,
          `<![CDATA[${origin(req)}/contact]]>`,
          'https://other.example/page',
        ]),
      ),
    '/sitemap-blog.xml.gz': (req) => ({
      body: gzipSync(urlset(['/blog/one', '/blog/two', '/blog/three'].map((path) => origin(req) + path))),
      gzip: false,
      headers: { 'Content-Type': 'application/gzip' },
    }),
    '/': page,
    '/about': page,
    '/shop/shoes': page,
    '/contact': page,
    '/blog/one': page,
    '/blog/two': page,
    '/blog/three': page,
  };
}

const ENTITY_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>&lol9;</loc></url></urlset>`;

/** 20 MB of spaces, packed into about 20 kB. */
let gzipBomb: Buffer | undefined;

export function hostileSitemapRoutes(): Record<string, Route> {
  return {
    '/robots.txt': (req) => ({
      body: ['huge.xml', 'bomb.xml.gz', 'loop-index.xml', 'entities.xml', 'elsewhere.xml']
        .map((name) => `Sitemap: ${origin(req)}/${name}`)
        .join('\n'),
      gzip: false,
    }),
    '/huge.xml': { body: `<url><loc>https://example.com/${'x'.repeat(2000)}</loc></url>\n`.repeat(30), endless: true, headers: XML },
    '/bomb.xml.gz': () => ({
      body: (gzipBomb ??= gzipSync(Buffer.alloc(20 * 1024 * 1024, ' '))),
      gzip: false,
      headers: { 'Content-Type': 'application/gzip' },
    }),
    // Each level names the next, and itself: only the depth bound stops it.
    '/loop-index.xml': (req) => {
      const level = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('level') ?? 0);
      const self = level === 0 ? '' : `?level=${level}`;
      return xml(sitemapIndex([`${origin(req)}/loop-index.xml?level=${level + 1}`, `${origin(req)}/loop-index.xml${self}`]));
    },
    '/entities.xml': xml(ENTITY_BOMB),
    '/elsewhere.xml': (req) =>
      xml(
        urlset([
          ...Array.from({ length: HOSTILE_OTHER_SITES / 2 }, (_, i) => `https://elsewhere-${i}.example/page`),
          ...HOSTILE_SITE_PAGES.map((path) => origin(req) + path),
          ...Array.from({ length: HOSTILE_OTHER_SITES / 2 }, (_, i) => `https://www.elsewhere-${i}.example/page`),
        ]),
      ),
    '/kept-1': page,
    '/kept-2': page,
  };
}
