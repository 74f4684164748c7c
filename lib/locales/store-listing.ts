/**
 * The words of the store listings (Chrome Web Store, addons.mozilla.org) in each language, from the catalogues:
 * the summary the stores show under the name, and the long description. Read in Node by
 * tests/e2e/store-listing.test.ts, which writes them beside the screenshots.
 */
import { CATALOGUES } from './build';
import { LOCALES, type Locale } from './catalogue';

/** The Chrome Web Store's limit for the summary, in characters. */
export const STORE_SUMMARY_MAX = 132;
/** The Chrome Web Store's limit for the description, in characters. */
export const STORE_DESCRIPTION_MAX = 16_000;

export interface StoreListing {
  locale: Locale;
  summary: string;
  description: string;
}

export function storeListing(locale: Locale): StoreListing {
  const catalogue = CATALOGUES[locale];
  return { locale, summary: catalogue['storeSummary'], description: catalogue['storeDescription'] };
}

export const STORE_LISTINGS: readonly StoreListing[] = LOCALES.map(storeListing);
