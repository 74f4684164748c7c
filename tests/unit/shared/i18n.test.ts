/**
 * The wrapper the whole extension words itself with: placeholders, plurals by the UI language's own rules
 * (Arabic's six forms, not English's two), numbers as that language writes them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES } from '@/lib/locales/build';
import { LOCALES, type Locale } from '@/lib/locales/catalogue';
import { answerIn, answerInEnglish } from '../support/ui-language.ts';

/** The wrapper, fresh (it keeps its Intl formatters), with the browser answering from `locale`'s catalogue. */
async function wrapperIn(locale: Locale) {
  answerIn(locale);
  return import('@/lib/shared/i18n');
}

afterEach(answerInEnglish);

describe('formatNumber', () => {
  it.each(LOCALES)('%s: writes every number as the language’s own formatter does, the short way included', async (locale) => {
    const { formatNumber, intlLocale } = await wrapperIn(locale);
    const format = new Intl.NumberFormat(intlLocale());
    const numbers = [...Array.from({ length: 1000 }, (_, n) => n), 1000, 1280, 12_345, 1_000_000, -1, -999, 0.5, 99.5, 999.9];
    for (const n of numbers) expect(formatNumber(n), String(n)).toBe(format.format(n));
  });
});

describe('t and tn', () => {
  it('fill named placeholders, numbers as the language writes them', async () => {
    const { t } = await wrapperIn('en');
    expect(t('connectionConnected', { host: 'reports.example.com' })).toBe('Connected to reports.example.com.');
    expect(t('passwordTooLong', { max: 1280 })).toBe('Use at most 1,280 characters.');
    const de = await wrapperIn('de');
    expect(de.formatNumber(1280.5)).toBe('1.280,5');
  });

  it.each([
    [0, 'other'],
    [1, 'one'],
    [2, 'other'],
    [21, 'other'],
  ])('English: %i takes the %s form', async (count, form) => {
    const { tn } = await wrapperIn('en');
    expect(tn('queueTries', count)).toBe((CATALOGUES.en.queueTries as Record<string, string>)[form]!.replace('{count}', String(count)));
  });

  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'two'],
    [3, 'few'],
    [10, 'few'],
    [11, 'many'],
    [99, 'many'],
    [100, 'other'],
  ])('Arabic: %i takes the %s form, with Western digits', async (count, form) => {
    const { tn, uiDirection, uiLanguage } = await wrapperIn('ar');
    expect([uiLanguage(), uiDirection()]).toEqual(['ar', 'rtl']);
    expect(tn('queueTries', count)).toBe((CATALOGUES.ar.queueTries as Record<string, string>)[form]!.replace('{count}', String(count)));
  });

  it('French counts 0 as one, as French does', async () => {
    const { tn } = await wrapperIn('fr');
    expect(tn('queueTries', 0)).toBe((CATALOGUES.fr.queueTries as Record<string, string>).one!.replace('{count}', '0'));
  });
});
