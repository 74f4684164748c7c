/** The SEO checks about the page's place on its site: 404 page, robots, noindex, links, language, icon. */
import { cleanText, isInternal, mapOrList, push, resolveUrl } from './php.ts';
import { SETTINGS } from './settings.ts';
import { all, attr, inHead, isEmpty, required, verdict, type Check } from './types.ts';

export const notFoundPage: Check = {
  name: '404_page',
  importance: 'high',
  run({ notFoundPage: probe }) {
    return verdict(probe, probe === false ? { missing: null } : {});
  },
};

/** `directive: value` lines of a robots.txt, any user-agent group, directives lower-cased. */
export function robotsDirectives(robotsTxt: string | null): { directive: string; value: string }[] {
  return (robotsTxt ?? '')
    .split(/\n|\r/)
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const [name, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1)];
      return { directive: name.toLowerCase().trim(), value: value.trim() };
    });
}

/**
 * A Disallow rule as the service matches it: `*` is any text, `$` the end, the rest literal,
 * anchored at the start of the absolute address. So `Disallow: /` never matches `http://…`.
 */
function robotsPattern(rule: string): RegExp {
  const body = [...rule].map((c) => (c === '*' ? '.*' : c === '$' ? '$' : c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'))).join('');
  return new RegExp(`^${body}`);
}

export const robots: Check = {
  name: 'robots',
  importance: 'high',
  run({ robotsTxt, url }) {
    const failed = robotsDirectives(robotsTxt)
      .filter(({ directive, value }) => directive === 'disallow' && !isEmpty(value))
      .map(({ value }) => value)
      .filter((rule) => robotsPattern(rule).test(url.href));
    return verdict(null, failed.length > 0 ? { failed } : {});
  },
};

/** The name says the opposite of what it checks: `missing` means a noindex is there. */
export const noindex: Check = {
  name: 'noindex',
  importance: 'high',
  run({ document }) {
    let content: string | null = null;
    for (const meta of inHead(document, 'meta')) {
      const name = attr(meta, 'name').toLowerCase();
      if ((name === 'robots' || name === 'googlebot') && /\bnoindex\b/.test(attr(meta, 'content'))) content = attr(meta, 'content');
    }
    return verdict(content, isEmpty(content) ? {} : { missing: null });
  },
};

export const inPageLinks: Check = {
  name: 'in_page_links',
  importance: 'medium',
  run({ document, url }) {
    const links: Record<string, { url: string; text: string }[]> = {};
    for (const a of all(document, 'a')) {
      const href = attr(a, 'href');
      if (isEmpty(href) || href.startsWith('#')) continue;
      const target = resolveUrl(href, url);
      push(links, isInternal(target, url) ? 'Internals' : 'Externals', { url: target, text: cleanText(a.textContent) });
    }
    const count = Object.values(links).reduce((sum, list) => sum + list.length, 0);
    const tooMany = count > Number(SETTINGS.maxLinks);
    return verdict(mapOrList(links), tooMany ? { too_many: { max: SETTINGS.maxLinks } } : {});
  },
};

export const language: Check = {
  name: 'language',
  importance: 'medium',
  run({ document }) {
    let lang: string | null = null;
    for (const html of all(document, 'html')) if (!isEmpty(attr(html, 'lang'))) lang = attr(html, 'lang');
    return required(lang);
  },
};

/** The last `rel~=icon` link in head; `apple-touch-icon` counts, and an empty href means the site root. */
export const favicon: Check = {
  name: 'favicon',
  importance: 'medium',
  run({ document, url }) {
    let icon: string | null = null;
    for (const link of inHead(document, 'link')) if (/\bicon\b/i.test(attr(link, 'rel'))) icon = resolveUrl(attr(link, 'href'), url);
    return required(icon);
  },
};
