/**
 * The plural categories the pages pick without Intl, held to Intl.PluralRules for every catalogue's language:
 * every count a page shows (0 to 100,000), and the millions where Spanish, French and Portuguese say "many".
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/locales/catalogue';
import { pluralCategory } from '@/lib/shared/plural-category';

const counts = [...Array.from({ length: 100_001 }, (_, n) => n), 1_000_000, 2_000_000, 1_000_001, 10_000_000, 123_000_000, 1_000_100];

describe.each(LOCALES.map((locale) => locale.replace('_', '-')))('%s', (language) => {
  it('picks the category Intl picks, for every whole count', () => {
    const rules = new Intl.PluralRules(`${language}-u-nu-latn`);
    const differing = counts.filter((n) => pluralCategory(language, n) !== rules.select(n));
    expect(differing.slice(0, 5)).toEqual([]);
  });

  it('leaves fractions and negative counts to Intl', () => {
    expect([1.5, -1, Number.NaN, Infinity].map((n) => pluralCategory(language, n))).toEqual([null, null, null, null]);
  });
});

it('leaves a language without a catalogue to Intl', () => {
  expect(pluralCategory('ja', 1)).toBeNull();
});
