/**
 * The plural category of a whole count in the catalogues' languages, by CLDR's rules for whole numbers: what
 * `Intl.PluralRules#select` answers, without building one (the first Intl formatter a new page process builds
 * costs it 25 ms and more). `null` for anything else (a fraction, a negative count, another language): the
 * caller asks Intl then.
 */

/** Spanish, French and Portuguese "many": a whole number of millions ("1 000 000 de rapports"). */
const millions = (n: number) => n !== 0 && n % 1_000_000 === 0;

type Rule = (n: number) => Intl.LDMLPluralRule;
/** English, German, Turkish: one, other. */
const oneOther: Rule = (n) => (n === 1 ? 'one' : 'other');
/** French and Portuguese: zero and one are "one". */
const zeroOrOne: Rule = (n) => (n <= 1 ? 'one' : millions(n) ? 'many' : 'other');

const RULES: Record<string, Rule> = {
  en: oneOther,
  de: oneOther,
  tr: oneOther,
  es: (n) => (n === 1 ? 'one' : millions(n) ? 'many' : 'other'),
  fr: zeroOrOne,
  'pt-BR': zeroOrOne,
  ar: (n) => {
    if (n <= 2) return (['zero', 'one', 'two'] as const)[n]!;
    const tens = n % 100;
    return tens >= 3 && tens <= 10 ? 'few' : tens >= 11 ? 'many' : 'other';
  },
};

export function pluralCategory(language: string, count: number): Intl.LDMLPluralRule | null {
  const rule = RULES[language];
  return rule && Number.isSafeInteger(count) && count >= 0 ? rule(count) : null;
}
