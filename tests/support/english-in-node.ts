/**
 * For the end-to-end tests' own Node code: lib/shared words its texts through `browser.i18n`, which Node lacks.
 * The browsers under test run in English (`--lang=en-US`), so the expectations are worded from the English
 * catalogue (vitest.config.ts setupFiles of the e2e projects). Only `i18n` is given: nothing else pretends to be a browser.
 */
import en from '../../lib/locales/en.ts';
import { messageReader } from './messages.ts';

Object.assign(globalThis, { chrome: { i18n: { getMessage: messageReader(en), getUILanguage: () => 'en-US' } } });
