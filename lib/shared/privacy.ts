import { catalogueWords } from '@/lib/shared/i18n';
/**
 * Who may see a report, as the service numbers it, and its words. Kept free
 * of zod and of the API client so every page can show them.
 */

/** 0 public, 1 private (hidden), 2 password-protected. A tuple, so zod schemas can read it too: `z.literal(PRIVACY_VALUES)`. */
export const PRIVACY_VALUES = [0, 1, 2] as const;

export type Privacy = (typeof PRIVACY_VALUES)[number];

// Read in the UI language each time (catalogueWords): the same words on every screen.
export const PRIVACY_TEXT = catalogueWords<Privacy>({ 0: 'privacyPublic', 1: 'privacyPrivate', 2: 'privacyPassword' });

/** The same, in one word where space is short (a radio button, a table cell). */
export const PRIVACY_SHORT_TEXT = catalogueWords<Privacy>({ 0: 'privacyPublic', 1: 'privacyPrivate', 2: 'privacyPasswordShort' });
