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
export const MISSING_KEY = 'Enter your API key. You find it in the account area of your report service.';

/** Why a typed key cannot be one, or null. */
export function keyProblem(key: string): string | null {
  if (key.length < MIN_KEY_LENGTH) {
    return `This is too short to be an API key (${key.length} of at least ${MIN_KEY_LENGTH} characters). Copy the whole key from the account area of your service.`;
  }
  return null;
}

/** Why an empty key field cannot keep the saved key: it belongs to another address. */
export function keyForOtherAddress(savedHost: string, newHost: string): string {
  return `Enter the API key for ${newHost}. The saved key is only ever sent to ${savedHost}, the address it was saved for.`;
}
