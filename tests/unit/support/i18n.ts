/**
 * The fake browser's `i18n`, answering from the English catalogue as Chromium does from
 * `_locales/en/messages.json`: unit tests read the same words the build ships (vitest.config.ts setupFiles).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import en from '@/locales/en';
import { toMessagesJson } from '@/locales/catalogue';

const messages = toMessagesJson(en);

/** The browser's own reading of a message: `$$` is a dollar sign; an unknown key is the empty string. */
export function getMessage(key: string): string {
  return messages[key]?.message.replaceAll('$$', '$') ?? '';
}

Object.assign(fakeBrowser.i18n, {
  getMessage,
  getUILanguage: () => 'en-US',
});
