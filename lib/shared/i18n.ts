import { browser } from 'wxt/browser';
import type en from '@/lib/locales/en';
import { pluralCategory } from '@/lib/shared/plural-category';

/**
 * Every word the extension shows, from the browser's own catalogue (`_locales`, built from locales/*.ts):
 * `t('menuReportPage')`, `t('connectedTo', { host })`, `tn('reportCount', 5)`. The keys and their
 * placeholders are typed from the English source, so a missing key or placeholder fails the typecheck.
 * `browser.i18n.getMessage` is native and synchronous: this wrapper is all a page bundles.
 */

type Catalogue = typeof en;
/** Keys of plain texts. */
export type MessageKey = { [K in keyof Catalogue]: Catalogue[K] extends string ? K : never }[keyof Catalogue];
/** Keys of texts with plural forms, chosen by a count. */
export type PluralKey = Exclude<keyof Catalogue, MessageKey>;

type Names<S> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Names<Rest> : never;
type Value = string | number;
/** Keys of texts without placeholders: what a table of keys (check names, reasons) may hold. */
export type PlainKey = { [K in MessageKey]: [Names<Catalogue[K]>] extends [never] ? K : never }[MessageKey];
type ParamsOf<N extends string> = [N] extends [never] ? [] : [params: Record<N, Value>];
/** Plural keys whose only placeholder is the count: "{count} links". */
export type CountKey = { [K in PluralKey]: [Exclude<Names<Catalogue[K][keyof Catalogue[K]]>, 'count'>] extends [never] ? K : never }[PluralKey];
type TextParams<K extends MessageKey> = ParamsOf<Names<Catalogue[K]>>;
type PluralNames<K extends PluralKey> = Exclude<Names<Catalogue[K][keyof Catalogue[K]]>, 'count'>;
/** The other placeholders; `count` only to show the count otherwise than formatNumber would. */
type PluralParams<K extends PluralKey> = [PluralNames<K>] extends [never]
  ? [params?: { count?: string }]
  : [params: Record<PluralNames<K>, Value> & { count?: string }];

/**
 * The browser's own lookup, once per key and page: each call crosses the extension bindings (a cold popup
 * asked 160 times for its first frame, at 0.2 ms or more each). Its types know only the predefined `@@`
 * keys; the keys above are typed instead.
 */
const looked = new Map<string, string>();
function message(key: string): string {
  let text = looked.get(key);
  if (text === undefined) looked.set(key, (text = (browser.i18n as unknown as { getMessage(key: string): string }).getMessage(key)));
  return text;
}

function fill(text: string, params: Record<string, Value> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value;
  });
}

export function t<K extends MessageKey>(key: K, ...[params]: TextParams<K>): string {
  return fill(message(key), params);
}

/** The form of `key` for `count` in the UI language ("1 report", "5 reports", Arabic's six forms); `{count}` is the number, formatted. */
export function tn<K extends PluralKey>(key: K, count: number, ...[params]: PluralParams<K>): string {
  const category = pluralCategory(uiLanguage(), count) ?? pluralRules().select(count);
  const text = message(`${key}_${category}`) || message(`${key}_other`);
  return fill(text, { count, ...params });
}

/**
 * The language of the catalogue the browser picked ("de", "pt-BR"): the one dates and numbers follow, so a UI
 * language without a catalogue reads English words with English dates, never a mix.
 */
export function uiLanguage(): string {
  return message('langTag') || 'en';
}

/**
 * The locale Intl formats dates, times and numbers in: the UI language, with Western digits everywhere (Arabic
 * included), so a score reads the same in the report view, the popup, the badge and the service's own site.
 */
export function intlLocale(): string {
  return `${uiLanguage()}-u-nu-latn`;
}

/** "rtl" for Arabic, "ltr" for the rest. */
export function uiDirection(): 'ltr' | 'rtl' {
  return message('langDir') === 'rtl' ? 'rtl' : 'ltr';
}

let plurals: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

function pluralRules(): Intl.PluralRules {
  return (plurals ??= new Intl.PluralRules(intlLocale()));
}

/**
 * 1234 → "1,234" / "1.234" / "1 234", as the UI language writes numbers. A whole number from 0 to 999 reads the
 * same in every language with Western digits (no group under 1,000), so scores and counts skip building the
 * formatter, which a page opened in a new process pays for in full.
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  return (numbers ??= new Intl.NumberFormat(intlLocale())).format(value);
}

/**
 * Every plural form of `key` in the UI language, `{count}` kept, the other placeholders filled: for code that
 * counts where the catalogue cannot be read (a script injected into a web page picks the form itself).
 */
export function pluralForms<K extends PluralKey>(key: K, params: Record<PluralNames<K>, Value>): Record<string, string> {
  const forms: Record<string, string> = {};
  for (const category of pluralRules().resolvedOptions().pluralCategories) {
    forms[category] = fill(message(`${key}_${category}`) || message(`${key}_other`), { ...params, count: '{count}' });
  }
  return forms;
}

/**
 * Words kept by name, read from the catalogue each time they are read (getters): the same words on
 * every screen, in the UI language. `catalogueWords({ good: 'scoreGood' }).good` is `t('scoreGood')`.
 */
export function catalogueWords<N extends string | number>(keys: Record<N, PlainKey>): Readonly<Record<N, string>> {
  const words = {} as Record<N, string>;
  for (const [name, key] of Object.entries(keys) as [string, PlainKey][]) {
    Object.defineProperty(words, name, { get: () => t(key), enumerable: true });
  }
  return words;
}
