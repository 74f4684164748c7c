/**
 * Every catalogue's words for dates are ICU's (tests/support/date-words.ts): what Intl would write in that
 * language, so the pages can write dates without building a formatter. Run as a script, it prints a
 * language's words for a new catalogue: `npx tsx tests/support/date-words.ts fr`.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '@/lib/locales/build';
import { LOCALES } from '@/lib/locales/catalogue';
import { dateWordsFromIcu } from '../../support/date-words.ts';

describe.each(LOCALES)('the %s catalogue', (locale) => {
  it('holds the date words ICU writes in its language', () => {
    const catalogue = CATALOGUES[locale] as Record<string, unknown>;
    const words = dateWordsFromIcu(locale.replace('_', '-'));
    expect(Object.keys(words).length).toBe(25);
    const held = Object.fromEntries(Object.keys(words).map((key) => [key, catalogue[key]]));
    expect(held).toEqual(words);
  });
});
