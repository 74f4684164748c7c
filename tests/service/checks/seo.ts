/** The SEO checks about the page's own words: title, description, headings, keywords, image alts, address. */
import { cleanText, isWord, mbLength, keptIndexes, mapOrList, push, resolveUrl, valuesOf, wordSlots } from './php.ts';
import { SETTINGS } from './settings.ts';
import { all, attr, inHead, isEmpty, required, verdict, type Check, type Errors } from './types.ts';

export const title: Check = {
  name: 'title',
  importance: 'high',
  run({ title: text, titleTags }) {
    const errors: Errors = {};
    if (isEmpty(text)) errors.missing = null;
    // Code points, as mb_strlen counts them; a missing title is 0 long, so it also gets `length`.
    const length = mbLength(text ?? '');
    if (length < Number(SETTINGS.minTitle) || length > Number(SETTINGS.maxTitle)) {
      errors.length = { min: SETTINGS.minTitle, max: SETTINGS.maxTitle };
    }
    if (titleTags > 1) errors.too_many = null;
    return verdict(text, errors);
  },
};

/** The last description in head that says something; there is no length rule. */
export const metaDescription: Check = {
  name: 'meta_description',
  importance: 'high',
  run({ document }) {
    let description: string | null = null;
    for (const meta of inHead(document, 'meta')) {
      const content = cleanText(attr(meta, 'content'));
      if (attr(meta, 'name').toLowerCase() === 'description' && !isEmpty(content)) description = content;
    }
    return required(description);
  },
};

export const headings: Check = {
  name: 'headings',
  importance: 'high',
  run({ document, title: text }) {
    const found: Record<string, string[]> = {};
    for (const level of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) {
      for (const heading of all(document, level)) push(found, level, cleanText(heading.textContent));
    }
    const h1 = found.h1 ?? [];
    const errors: Errors = {};
    if (h1.length === 0) errors.missing = null;
    if (h1.length > 1) errors.too_many = null;
    if (h1.length > 0 && h1[0] === (text ?? '')) errors.duplicate = null;
    return verdict(mapOrList(found), errors);
  },
};

/** The title's words that the body also uses, at their places in the title. */
export const contentKeywords: Check = {
  name: 'content_keywords',
  importance: 'high',
  run({ title: text, bodyText }) {
    const titleWords = wordSlots(text);
    const bodyWords = new Set(wordSlots(bodyText).filter(isWord));
    const found = keptIndexes(titleWords, (word) => isWord(word) && bodyWords.has(word));
    return verdict(found, valuesOf(found).length === 0 ? { missing: keptIndexes(titleWords, isWord) } : {});
  },
};

/** Images with a source and an empty or absent alt. */
export const imageKeywords: Check = {
  name: 'image_keywords',
  importance: 'high',
  run({ document, url }) {
    const missing = all(document, 'img')
      .filter((img) => !isEmpty(attr(img, 'src')) && isEmpty(attr(img, 'alt')))
      .map((img) => ({ url: resolveUrl(attr(img, 'src'), url), text: cleanText(attr(img, 'alt')) }));
    return verdict(null, missing.length > 0 ? { missing } : {});
  },
};

/** The final address: no `? = _ % ,` or space in it, and at least one title word inside it. */
export const seoFriendlyUrl: Check = {
  name: 'seo_friendly_url',
  importance: 'high',
  run({ url, title: text }) {
    const href = url.href;
    const errors: Errors = {};
    if (/[?=_%, ]/.test(href)) errors.bad_format = null;
    const titleWords = wordSlots(text).filter(isWord);
    if (!titleWords.some((word) => href.toLowerCase().includes(word))) errors.missing = null;
    return verdict(href, errors);
  },
};
