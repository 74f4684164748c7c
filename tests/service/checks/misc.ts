/** The miscellaneous checks: structured data, viewport, charset, sitemap, social links, text, inline CSS, old tags. */
import { cleanText, hostOf, isInternal, isWord, mapOrList, mbLength, phpRound, push, resolveUrl, wordSlots } from './php.ts';
import { robotsDirectives } from './seo-site.ts';
import { lines, SETTINGS } from './settings.ts';
import { all, attr, inHead, isEmpty, required, verdict, type Check } from './types.ts';

/** Open Graph and Twitter metas in head, and the last JSON-LD block whose @context is exactly schema.org. */
export const structuredData: Check = {
  name: 'structured_data',
  importance: 'medium',
  run({ document }) {
    const metas: Record<string, Record<string, string>> = {};
    for (const meta of inHead(document, 'meta')) {
      const content = attr(meta, 'content');
      if (/\bog:\b/.test(attr(meta, 'property')) && !isEmpty(content)) (metas['Open Graph'] ??= {})[attr(meta, 'property')] = cleanText(content);
      if (/\btwitter:\b/.test(attr(meta, 'name')) && !isEmpty(content)) (metas.Twitter ??= {})[attr(meta, 'name')] = cleanText(content);
    }
    let schema: unknown = undefined;
    for (const script of all(document, 'script')) {
      if (attr(script, 'type').toLowerCase() !== 'application/ld+json') continue;
      const data = parseJson(script.textContent ?? '');
      const context = data && typeof data === 'object' && '@context' in data ? data['@context'] : undefined;
      if (typeof context === 'string' && ['https://schema.org', 'http://schema.org'].includes(context.toLowerCase())) schema = data;
    }
    const found = schema === undefined ? metas : { ...metas, 'Schema.org': schema };
    return verdict(mapOrList(found), Object.keys(found).length === 0 ? { missing: null } : {});
  },
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const metaViewport: Check = {
  name: 'meta_viewport',
  importance: 'medium',
  run({ document }) {
    let viewport: string | null = null;
    for (const meta of inHead(document, 'meta')) if (attr(meta, 'name').toLowerCase() === 'viewport') viewport = cleanText(attr(meta, 'content'));
    return required(viewport);
  },
};

/** Only `<meta charset>`; an http-equiv Content-Type is not read. */
export const charset: Check = {
  name: 'charset',
  importance: 'medium',
  run({ document }) {
    let found: string | null = null;
    for (const meta of inHead(document, 'meta')) if (!isEmpty(attr(meta, 'charset'))) found = cleanText(attr(meta, 'charset'));
    return required(found);
  },
};

export const sitemap: Check = {
  name: 'sitemap',
  importance: 'low',
  run({ robotsTxt }) {
    const sitemaps = robotsDirectives(robotsTxt)
      .filter(({ directive, value }) => directive === 'sitemap' && !isEmpty(value))
      .map(({ value }) => value);
    return verdict(sitemaps, sitemaps.length === 0 ? { failed: null } : {});
  },
};

const SOCIAL: Record<string, string> = {
  'twitter.com': 'Twitter',
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'youtube.com': 'YouTube',
  'linkedin.com': 'LinkedIn',
};

export const social: Check = {
  name: 'social',
  importance: 'low',
  run({ document, url }) {
    const found: Record<string, { url: string; text: string }[]> = {};
    for (const a of all(document, 'a')) {
      const href = attr(a, 'href');
      if (isEmpty(href) || href.startsWith('#')) continue;
      const target = resolveUrl(href, url);
      const network = SOCIAL[hostOf(target).replace(/^www\./, '')];
      if (network && !isInternal(target, url)) push(found, network, { url: target, text: cleanText(a.textContent) });
    }
    return verdict(mapOrList(found), Object.keys(found).length === 0 ? { missing: null } : {});
  },
};

export const contentLength: Check = {
  name: 'content_length',
  importance: 'low',
  run({ bodyText }) {
    const words = wordSlots(bodyText).filter(isWord).length;
    return verdict(words, words < Number(SETTINGS.minWords) ? { too_few: { min: SETTINGS.minWords } } : {});
  },
};

/** Body text against the whole HTML, in characters, as a whole percentage. */
export const textHtmlRatio: Check = {
  name: 'text_html_ratio',
  importance: 'low',
  run({ bodyText, html }) {
    const ratio = isEmpty(bodyText) || html === '' ? 0 : phpRound((mbLength(bodyText) / mbLength(html)) * 100);
    return verdict(ratio, ratio < Number(SETTINGS.minTextRatio) ? { too_small: { min: SETTINGS.minTextRatio } } : {});
  },
};

/** One style attribute is allowed; from two on, every one is listed. An `<svg>`'s own style does not count. */
export const inlineCss: Check = {
  name: 'inline_css',
  importance: 'low',
  run({ document }) {
    const styles = all(document, '*')
      .filter((el) => el.localName.toLowerCase() !== 'svg' && !isEmpty(attr(el, 'style')))
      .map((el) => attr(el, 'style'));
    return verdict(null, styles.length > 1 ? { failed: styles } : {});
  },
};

/** One kind of old tag is let through, however often it is used; two kinds fail. */
export const deprecatedHtmlTags: Check = {
  name: 'deprecated_html_tags',
  importance: 'low',
  run({ document }) {
    const counts: Record<string, number> = {};
    for (const tag of lines(SETTINGS.deprecatedHtmlTags)) {
      const count = all(document, tag).length;
      if (count > 0) counts[tag] = count;
    }
    return verdict(null, Object.keys(counts).length > 1 ? { bad_tags: counts } : {});
  },
};
