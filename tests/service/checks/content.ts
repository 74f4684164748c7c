import { attr, metaNamed, outcome, present, type Check, type CheckOutcome } from './types.ts';

const TITLE_MAX = 60;
const DESCRIPTION_MAX = 160;
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i;
/** Longest possible address; longer words are not looked at, which keeps the regex linear. */
const EMAIL_MAX = 254;

/** A text that must be there and at most `max` characters long. */
function shortText(text: string, max: number): CheckOutcome {
  if (text === '') return present(text);
  return outcome(text.length <= max, text, { too_long: { max, length: text.length } });
}

export const title: Check = {
  name: 'title',
  importance: 'high',
  run({ document }) {
    return shortText(document.querySelector('title')?.textContent?.trim() ?? '', TITLE_MAX);
  },
};

export const metaDescription: Check = {
  name: 'meta_description',
  importance: 'high',
  run({ document }) {
    const meta = metaNamed(document, 'description');
    return shortText(meta ? attr(meta, 'content') : '', DESCRIPTION_MAX);
  },
};

export const headings: Check = {
  name: 'headings',
  importance: 'high',
  run({ document }) {
    const value: Record<string, string[]> = {};
    for (const level of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) {
      const found = [...document.querySelectorAll(level)].map((h) => h.textContent?.trim() ?? '');
      if (found.length > 0) value[level] = found;
    }
    const h1Count = value.h1?.length ?? 0;
    if (h1Count === 0) return outcome(false, value, { missing: null });
    return outcome(h1Count === 1, value, { duplicate: h1Count });
  },
};

/** Images need an alt attribute; an empty one is fine, it marks a decorative image. */
export const imageKeywords: Check = {
  name: 'image_keywords',
  importance: 'medium',
  run({ document }) {
    const missing = [...document.querySelectorAll('img')].filter((img) => !img.hasAttribute('alt')).map((img) => attr(img, 'src'));
    return outcome(missing.length === 0, missing, { missing });
  },
};

export const language: Check = {
  name: 'language',
  importance: 'medium',
  run({ document }) {
    return present(document.documentElement ? attr(document.documentElement, 'lang') : '');
  },
};

export const plaintextEmail: Check = {
  name: 'plaintext_email',
  importance: 'low',
  run({ document }) {
    const words = (document.body?.textContent ?? '').split(/\s+/);
    const found = words.filter((w) => w.length <= EMAIL_MAX && w.includes('@')).map((w) => EMAIL.exec(w)?.[0]);
    const emails = [...new Set(found.filter((e) => e !== undefined))];
    return outcome(emails.length === 0, emails, { found: emails });
  },
};
