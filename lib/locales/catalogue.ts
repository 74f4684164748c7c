/**
 * The shape of a message catalogue and how it becomes the browser's own `_locales/<locale>/messages.json`.
 * English (`en.ts`) is the source: every other locale is typed against it, so a missing or extra key fails
 * the typecheck. Placeholders are named, `{host}`, and filled in by lib/shared/i18n.ts; a plural is an object
 * with one text per plural category of the locale (Intl.PluralRules: English one/other, Arabic zero…other).
 * Read by wxt.config.ts at build time and by the unit tests; never bundled (pages import these types only).
 */
import type en from './en';

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Every locale has every key of the English source, a text where it has a text and plural forms where it has them. */
export type LocaleCatalogue = { readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : PluralForms };

/** The browser's folder names: pt_BR, not pt-BR. The first is the default locale. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'pt_BR', 'tr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export interface BrowserMessage {
  message: string;
  description?: string;
}

/** The browser's key for one plural form: `reportCount_few`. */
export function pluralKey(key: string, form: string): string {
  return `${key}_${form}`;
}

/**
 * A catalogue as the browser reads it: each plural form becomes a key of its own, and `$` is doubled (the browser
 * reads `$1` and `$name$` as its own substitutions; the extension fills `{name}` itself).
 */
export function toMessagesJson(catalogue: Record<string, string | PluralForms>): Record<string, BrowserMessage> {
  const messages: Record<string, BrowserMessage> = {};
  const escape = (text: string) => text.replaceAll('$', '$$$$');
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') messages[key] = { message: escape(value) };
    else for (const [form, text] of Object.entries(value)) messages[pluralKey(key, form)] = { message: escape(text) };
  }
  return messages;
}

/** Letters the pseudo-locale swaps in: every ASCII letter becomes an accented one, so English left in code stands out. */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ'][i]!]),
);

/** Marks that open and close each pseudo-localised text: a test can tell catalogue text from anything else. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/**
 * "Report this page" → "⟦Ŕéƥóŕţ ţĥíš ƥàĝé ·········⟧": accented, 40 % longer (the pad), between marks. Named
 * placeholders and the locale's own keys (language tag, direction) are left as they are.
 */
export function pseudoText(text: string): string {
  const accented = text.replace(/\{\w+\}|[A-Za-z]/g, (part) => (part.length > 1 ? part : (ACCENTED[part] ?? part)));
  const pad = '·'.repeat(Math.ceil(text.length * 0.4));
  return `${PSEUDO_OPEN}${accented} ${pad}${PSEUDO_CLOSE}`;
}

/** Keys that are settings, not words: the pseudo-locale keeps them. */
export const LOCALE_SETTINGS = ['langTag', 'langDir'] as const;

export function pseudoCatalogue(catalogue: Record<string, string | PluralForms>): Record<string, string | PluralForms> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      (LOCALE_SETTINGS as readonly string[]).includes(key)
        ? value
        : typeof value === 'string'
          ? pseudoText(value)
          : (Object.fromEntries(Object.entries(value).map(([form, text]) => [form, pseudoText(text)])) as PluralForms),
    ]),
  );
}
