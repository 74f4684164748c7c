import { t } from '@/lib/shared/i18n';
/**
 * What the extension accepts as an API key, checked alike by the options
 * form (at once, beside the field) and by the background (which keeps it).
 */

/** Real keys are long random strings; anything shorter is a slip, and its "last four characters" would be most of it. */
export const MIN_KEY_LENGTH = 12;

/** People paste the whole header value now and then. */
export function cleanKey(key: string): string {
  return key.trim().replace(/^Bearer\s+/i, '');
}

/** What the key field says when it is empty and no key is saved. */
export const missingKey = (): string => t('keyMissing');

/** Why a typed key cannot be one, or null. */
export function keyProblem(key: string): string | null {
  if (key.length < MIN_KEY_LENGTH) {
    return t('keyTooShort', { length: key.length, minimum: MIN_KEY_LENGTH });
  }
  return null;
}

/** Why an empty key field cannot keep the saved key: it belongs to another address. */
export function keyForOtherAddress(savedHost: string, newHost: string): string {
  return t('keyForOtherAddress', { newHost, savedHost });
}
