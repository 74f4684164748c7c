/**
 * The browser's `_locales/<locale>/messages.json`, made from the catalogues at build time (wxt.config.ts) and
 * read the same way by the unit tests' fake browser (tests/unit/support/i18n.ts).
 */
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt_BR from './pt_BR';
import tr from './tr';
import { pseudoCatalogue, toMessagesJson, type Locale, type LocaleCatalogue } from './catalogue';

export const CATALOGUES: Record<Locale, LocaleCatalogue> = { en, de, fr, es, pt_BR, tr, ar };

export function localeFiles({ pseudo = false } = {}): { relativeDest: string; contents: string }[] {
  return Object.entries(CATALOGUES).map(([locale, catalogue]) => ({
    relativeDest: `_locales/${locale}/messages.json`,
    // The pseudo-locale replaces every language, so a browser in any language shows it. One line: the browser reads it, people read lib/locales/*.ts.
    contents: `${JSON.stringify(toMessagesJson(pseudo ? pseudoCatalogue(en) : catalogue))}\n`,
  }));
}
