/**
 * The fake browser's `i18n`, answering from the English catalogue as Chromium does from
 * `_locales/en/messages.json`: unit tests read the same words the build ships (vitest.config.ts setupFiles).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import en from '@/lib/locales/en';
import { messageReader } from '../../support/messages.ts';

Object.assign(fakeBrowser.i18n, {
  getMessage: messageReader(en),
  getUILanguage: () => 'en-US',
});
