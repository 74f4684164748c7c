import { attr, metaNamed, outcome, present, type Check } from './types.ts';

export const noindex: Check = {
  name: 'noindex',
  importance: 'high',
  run({ document, headers }) {
    const robots = metaNamed(document, 'robots');
    const fromMeta = robots && /\bnoindex\b/i.test(attr(robots, 'content')) ? 'meta' : null;
    const fromHeader = /\bnoindex\b/i.test(String(headers['x-robots-tag'] ?? '')) ? 'header' : null;
    const source = fromMeta ?? fromHeader;
    return outcome(source === null, source, { noindex: source });
  },
};

export const metaViewport: Check = {
  name: 'meta_viewport',
  importance: 'medium',
  run({ document }) {
    const meta = metaNamed(document, 'viewport');
    return present(meta ? attr(meta, 'content') : '');
  },
};

export const charset: Check = {
  name: 'charset',
  importance: 'medium',
  run({ document, headers }) {
    const metaCharset = document.querySelector('meta[charset]');
    const httpEquiv = [...document.querySelectorAll('meta[http-equiv]')].find((m) => attr(m, 'http-equiv').toLowerCase() === 'content-type');
    const found =
      (metaCharset ? attr(metaCharset, 'charset') : '') ||
      charsetIn(httpEquiv ? attr(httpEquiv, 'content') : '') ||
      charsetIn(String(headers['content-type'] ?? ''));
    return present(found.toUpperCase());
  },
};

function charsetIn(contentType: string): string {
  return /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? '';
}

export const seoFriendlyUrl: Check = {
  name: 'seo_friendly_url',
  importance: 'medium',
  run({ url }) {
    const path = url.pathname + url.search;
    const problems = [
      url.search !== '' ? 'query' : null,
      path.includes('_') ? 'underscore' : null,
      path !== path.toLowerCase() ? 'uppercase' : null,
    ].filter((p) => p !== null);
    return outcome(problems.length === 0, path, { bad_url: problems });
  },
};

export const favicon: Check = {
  name: 'favicon',
  importance: 'low',
  run({ document, url }) {
    const link = [...document.querySelectorAll('link[rel][href]')].find((l) => /\bicon\b/i.test(attr(l, 'rel')));
    const href = link ? attr(link, 'href') : '';
    const value = href !== '' && URL.canParse(href, url) ? new URL(href, url).href : null;
    return outcome(value !== null, value, { missing: null });
  },
};

export const structuredData: Check = {
  name: 'structured_data',
  importance: 'low',
  run({ document }) {
    const jsonLd = [...document.querySelectorAll('script[type]')]
      .filter((s) => attr(s, 'type').toLowerCase() === 'application/ld+json')
      .flatMap((s) => jsonLdTypes(s.textContent ?? ''));
    const microdata = [...document.querySelectorAll('[itemscope]')].map((el) => attr(el, 'itemtype') || 'itemscope');
    const passed = jsonLd.length + microdata.length > 0;
    return outcome(passed, { json_ld: jsonLd, microdata }, { missing: null });
  },
};

/** The `@type`s a JSON-LD block declares; a block that does not parse declares none. */
function jsonLdTypes(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.map((item) => {
      const type = item && typeof item === 'object' ? (item as Record<string, unknown>)['@type'] : undefined;
      return typeof type === 'string' ? type : 'Thing';
    });
  } catch {
    return [];
  }
}

export const redirects: Check = {
  name: 'redirects',
  importance: 'low',
  run({ redirects: count }) {
    return outcome(count === 0, count, { redirects: count });
  },
};
