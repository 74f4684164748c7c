/**
 * The catalogues against the English source: every locale has every key with the same placeholders, every plural
 * has exactly the forms its language's plural rules ask for, no key is left unused by the code, and what the
 * browser reads (`_locales/<locale>/messages.json`) is well formed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '@/lib/locales/en';
import { EXACT_FIELDS } from '@/lib/shared/date-keys';
import { CATALOGUES, localeFiles } from '@/lib/locales/build';
import { LOCALES, PSEUDO_CLOSE, PSEUDO_OPEN, pseudoCatalogue, type PluralForms } from '@/lib/locales/catalogue';

const root = join(import.meta.dirname, '../../..');
const source = en as Record<string, string | PluralForms>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
const unique = (names: string[]) => [...new Set(names)].sort();
const tagOf = (locale: string) => locale.replace('_', '-');

describe.each(LOCALES.filter((l) => l !== 'en'))('the %s catalogue', (locale) => {
  const catalogue = CATALOGUES[locale] as Record<string, string | PluralForms>;

  it('has every key of the English one, and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(Object.keys(source))('%s: a text where English has a text, with the same placeholders', (key) => {
    const theirs = catalogue[key]!;
    const ours = source[key]!;
    if (typeof ours === 'string') {
      expect(typeof theirs).toBe('string');
      // The exact date names the fields its language writes, in its own order: 2-digit or not, 12 or 24 hours.
      if (key === 'dateExact') expect(EXACT_FIELDS).toEqual(expect.arrayContaining(placeholders(theirs as string)));
      else expect(placeholders(theirs as string)).toEqual(placeholders(ours));
      return;
    }
    expect(typeof theirs).toBe('object');
    // The count may be left out of a form that stands for one number only (Arabic's zero, one and two); every other placeholder is in every form.
    const wanted = unique(Object.values(ours).flatMap(placeholders)).filter((name) => name !== 'count');
    for (const [form, text] of Object.entries(theirs as PluralForms)) {
      expect(
        unique(placeholders(text!)).filter((name) => name !== 'count'),
        `${key}.${form}`,
      ).toEqual(wanted);
    }
    if (placeholders(ours.other).includes('count')) expect(placeholders((theirs as PluralForms).other)).toContain('count');
  });

  it('says which language it is, and Arabic that it reads right to left', () => {
    expect(catalogue.langTag).toBe(tagOf(locale));
    expect(catalogue.langDir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  });

  it('translates: at most the names of things (the extension, SEO, HTTP/2 …) stay as in English', () => {
    const same = Object.keys(source).filter((key) => typeof source[key] === 'string' && catalogue[key] === source[key] && !/^lang/.test(key));
    expect(same.length).toBeLessThan(Object.keys(source).length * 0.1);
  });
});

describe.each(LOCALES)('plurals in %s', (locale) => {
  const categories = new Intl.PluralRules(tagOf(locale)).resolvedOptions().pluralCategories.slice().sort();
  const catalogue = CATALOGUES[locale] as Record<string, string | PluralForms>;
  const plurals = Object.entries(catalogue).filter((entry): entry is [string, PluralForms] => typeof entry[1] === 'object');

  it(`have exactly the forms ${categories.join(', ')}`, () => {
    expect(plurals.length).toBeGreaterThan(10);
    for (const [key, forms] of plurals) expect(Object.keys(forms).sort(), key).toEqual(categories);
  });
});

describe('the English source', () => {
  /** Every file the extension is built from: its code and its manifest. */
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  }
  const code = [...['lib', 'components', 'entrypoints'].flatMap((dir) => sources(join(root, dir))), join(root, 'wxt.config.ts')]
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');

  it.each(Object.keys(source))('%s is used by the code', (key) => {
    // Keys are written whole in the code (tables of keys included), or in the manifest as __MSG_key__.
    expect(code.includes(`'${key}'`) || code.includes(`__MSG_${key}__`)).toBe(true);
  });

  it('keeps plurals to the forms English has, and each names its count', () => {
    for (const [key, value] of Object.entries(source)) {
      if (typeof value === 'string') continue;
      expect(Object.keys(value).sort(), key).toEqual(['one', 'other']);
      expect(value.other, key).toContain('{count}');
    }
  });
});

describe("the browser's messages.json", () => {
  const files = localeFiles();

  it('one per locale, keys the browser accepts, every dollar sign doubled', () => {
    expect(files.map((f) => f.relativeDest).sort()).toEqual(LOCALES.map((l) => `_locales/${l}/messages.json`).sort());
    for (const file of files) {
      const messages = JSON.parse(file.contents) as Record<string, { message: string }>;
      for (const [key, { message }] of Object.entries(messages)) {
        expect(key).toMatch(/^[A-Za-z0-9_]+$/);
        expect(message.replaceAll('$$', '')).not.toContain('$');
      }
    }
  });

  it('has every plural form under its own key', () => {
    const messages = JSON.parse(files.find((f) => f.relativeDest.startsWith('_locales/ar/'))!.contents) as Record<string, unknown>;
    for (const form of ['zero', 'one', 'two', 'few', 'many', 'other']) expect(messages[`queueTries_${form}`]).toBeDefined();
  });
});

describe('the pseudo-locale', () => {
  const pseudo = pseudoCatalogue(source);

  it.each(Object.keys(source).filter((key) => !/^lang/.test(key)))('%s: accented, 40 % longer, marked, placeholders intact', (key) => {
    const texts = (value: string | PluralForms) => (typeof value === 'string' ? [value] : Object.values(value));
    const before = texts(source[key]!);
    const after = texts(pseudo[key]!);
    after.forEach((text, i) => {
      const original = before[i]!;
      expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
      expect(text.length).toBeGreaterThanOrEqual(original.length * 1.4);
      expect(placeholders(text)).toEqual(placeholders(original));
      // No plain letter of English is left outside a placeholder.
      expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
    });
  });

  it('keeps the language settings', () => {
    expect([pseudo.langTag, pseudo.langDir]).toEqual(['en', 'ltr']);
  });
});

describe.each(LOCALES)('the %s catalogue’s short labels', (locale) => {
  const catalogue = CATALOGUES[locale] as Record<string, string | PluralForms>;
  const pairs = Object.keys(source).filter((key) => key.endsWith('Short') && typeof source[key.slice(0, -'Short'.length)] === 'string');

  // A control that shows `fooShort` and is named `foo` (aria-label) must say its visible words in its name (WCAG 2.5.3).
  it.each(pairs)('%s is said within its long label', (key) => {
    const short = catalogue[key] as string;
    const long = (catalogue[key.slice(0, -'Short'.length)] as string).replace(/\{\w+\}/g, 'Client A');
    expect(long.toLocaleLowerCase(tagOf(locale))).toContain(short.toLocaleLowerCase(tagOf(locale)));
  });
});
