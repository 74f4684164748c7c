/**
 * A page built to fail known checks, and the same page fixed, for tests that show failures
 * on the page or compare two reports. Serve them with `startPageServer(knownPages().routes)`
 * (no `otherwise` route: the site must answer unknown paths with 404). Over plain http, with
 * the default v13 checks, the failing page fails `KNOWN_PAGES.failing.fails` and scores
 * 135 / 185 → 73; the fixed one fails only what no local http page can pass and scores
 * 170 / 185 → 92.
 */
import type { PageRoute, Route } from './test-pages.ts';

export type KnownVersion = 'failing' | 'fixed';

/** Checks no page on a local plain-http server can pass: Node serves HTTP/1.1, and there is no TLS. */
export const LOCAL_HTTP_FAILURES = ['http2', 'https_encryption'] as const;

/** In alphabetical order, as the tests compare them. */
const BUILT_TO_FAIL = [
  'defer_javascript',
  'deprecated_html_tags',
  'headings',
  'image_keywords',
  'inline_css',
  'meta_description',
  'unsafe_cross_origin_links',
] as const;

export const KNOWN_PAGES = {
  failing: { path: '/known/failing', builtToFail: BUILT_TO_FAIL, fails: [...BUILT_TO_FAIL, ...LOCAL_HTTP_FAILURES].sort() },
  fixed: { path: '/known/fixed', builtToFail: [], fails: [...LOCAL_HTTP_FAILURES].sort() },
} as const;

/** Serves the failing page until `show('fixed')`: one address whose report changes when regenerated. */
export const CHANGING_PATH = '/known/changing';

/** Enough words for content_length (500) and a good text-to-HTML ratio. */
const WORDS = Array.from({ length: 40 }, () => 'This sentence is here so that the page carries enough words for the audit.').join(' ');

/**
 * The page in either version. Each faulty element of the failing one carries `data-fault`, the
 * names of the checks it fails; the missing description has no element to carry it.
 */
export function knownPageHtml(version: KnownVersion): string {
  const failing = version === 'failing';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Known page of the local audit</title>',
    failing ? '' : '<meta name="description" content="A page of the local audit, with its faults fixed.">',
    '<link rel="icon" href="/known/icon.svg">',
    '<meta property="og:title" content="Known page of the local audit">',
    `<script src="/known/app.js"${failing ? ' data-fault="defer_javascript"' : ' defer'}></script>`,
  ];
  const body = [
    '<h1>What this page is for</h1>',
    failing ? '<h1 style="font-size: 1.5em" data-fault="headings inline_css">A second main heading</h1>' : '<h2>A second heading</h2>',
    failing ? '<p style="color: #444" data-fault="inline_css">' : '<p>',
    `${WORDS}</p>`,
    failing ? '<img src="/known/photo.svg" data-fault="image_keywords">' : '<img src="/known/photo.svg" alt="A drawn photo">',
    '<p><a href="/known/fixed">The fixed page</a> · <a href="https://twitter.com/example">Follow us</a> · ',
    `<a href="https://example.org/partner" target="_blank"${failing ? ' data-fault="unsafe_cross_origin_links"' : ' rel="noopener"'}>Our partner</a></p>`,
    failing ? '<center data-fault="deprecated_html_tags">Centred</center>' : '<p class="centred">Centred</p>',
    failing
      ? '<p style="margin: 0" data-fault="inline_css"><font color="red" data-fault="deprecated_html_tags">Red</font></p>'
      : '<p class="red">Red</p>',
  ];
  return `<!DOCTYPE html><html lang="en"><head>${head.join('')}</head><body>${body.join('')}</body></html>`;
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#888"/></svg>';

/** The routes, and a switch for the changing address. */
export function knownPages(): { routes: Record<string, Route>; show(version: KnownVersion): void } {
  let changing: KnownVersion = 'failing';
  // The sitemap check reads robots.txt; HSTS is only a header to the audit, so a plain-http page can send it.
  const page = (version: KnownVersion): PageRoute => ({ body: knownPageHtml(version), headers: { 'Strict-Transport-Security': 'max-age=31536000' } });
  return {
    routes: {
      [KNOWN_PAGES.failing.path]: page('failing'),
      [KNOWN_PAGES.fixed.path]: page('fixed'),
      [CHANGING_PATH]: () => page(changing),
      '/robots.txt': (req) => ({
        body: `User-agent: *\nDisallow: /private/\nSitemap: http://${req.headers.host ?? '127.0.0.1'}/sitemap.xml\n`,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
      '/known/app.js': { body: '// Loaded by the known pages; it does nothing.', headers: { 'Content-Type': 'text/javascript' } },
      '/known/photo.svg': { body: SVG, headers: { 'Content-Type': 'image/svg+xml' } },
      '/known/icon.svg': { body: SVG, headers: { 'Content-Type': 'image/svg+xml' } },
    },
    show(version) {
      changing = version;
    },
  };
}
