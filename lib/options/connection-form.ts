import type { Account } from '@/lib/api';
import { normaliseBaseUrl } from '@/lib/api/address';
import { isApiError } from '@/lib/api/errors';

/**
 * The options page's connection form, checked in the click itself: an
 * address error shows at once, and the permission request that follows
 * still runs inside the user's gesture.
 */

export interface ConnectionInput {
  address: string;
  key: string;
  /** A key is stored already: an empty field keeps it. */
  keySet: boolean;
}

export type ConnectionCheck =
  | { ok: true; baseUrl: string; apiKey: string | undefined }
  | { ok: false; fields: { baseUrl?: string; apiKey?: string } };

/** People paste the whole header value now and then. */
function cleanKey(key: string): string {
  return key.trim().replace(/^Bearer\s+/i, '');
}

export function checkConnectionForm(input: ConnectionInput): ConnectionCheck {
  const fields: { baseUrl?: string; apiKey?: string } = {};
  let baseUrl = '';
  try {
    baseUrl = normaliseBaseUrl(input.address);
  } catch (error) {
    if (!isApiError(error)) throw error;
    fields.baseUrl = error.message;
  }
  const apiKey = cleanKey(input.key);
  if (!apiKey && !input.keySet) fields.apiKey = 'Enter your API key. You find it in the account area of your report service.';
  if (fields.baseUrl || fields.apiKey) return { ok: false, fields };
  return { ok: true, baseUrl, apiKey: apiKey || undefined };
}

/** The host the browser will be asked about, for the words before the prompt; null while the address is unfinished. */
export function permissionHost(address: string): string | null {
  try {
    return new URL(normaliseBaseUrl(address)).host;
  } catch {
    return null;
  }
}

export function keyHintText(hint: string | null): string {
  return hint ? `A key ending in ••••${hint} is saved.` : 'No key is saved.';
}

export function quotaText(account: Pick<Account, 'reportsPerMonth'>): string {
  const n = account.reportsPerMonth;
  if (n === null) return 'Unlimited';
  return `${n} ${n === 1 ? 'report' : 'reports'} a month`;
}
