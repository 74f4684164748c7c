/**
 * The fake browser's catalogue switched for a test: `answerIn('ar')` makes `i18n.getMessage` answer in Arabic and
 * resets the modules (lib/shared/i18n.ts keeps what it looked up), so the code imported after speaks Arabic;
 * `answerInEnglish()` goes back to the catalogue every other test reads (./i18n.ts).
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import en from '@/lib/locales/en';
import { CATALOGUES } from '@/lib/locales/build';
import type { Locale } from '@/lib/locales/catalogue';
import { messageReader } from '../../support/messages.ts';

export function answerIn(locale: Locale): void {
  Object.assign(fakeBrowser.i18n, { getMessage: messageReader(CATALOGUES[locale]) });
  vi.resetModules();
}

export function answerInEnglish(): void {
  Object.assign(fakeBrowser.i18n, { getMessage: messageReader(en) });
}
