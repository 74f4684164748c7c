import type { Account } from '@/lib/api';
import { normaliseBaseUrl } from '@/lib/api/address';
import { isApiError, type ApiErrorData } from '@/lib/api/errors';

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
  { ok: true; baseUrl: string; apiKey: string | undefined } | { ok: false; fields: { baseUrl?: string; apiKey?: string } };

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

/**
 * Where the options page shows why a connection failed: beside the field at
 * fault when there is one (an address that is no address, a refused key),
 * above the Save button otherwise. The words are the error's own.
 */

export interface ConnectionFailure {
  /** For the notice near the form; null when the fields say it all. */
  message: string | null;
  fields: { baseUrl?: string; apiKey?: string };
}

const FIELD_OF_KIND: Partial<Record<ApiErrorData['kind'], 'baseUrl' | 'apiKey'>> = {
  'invalid-address': 'baseUrl',
  'insecure-address': 'baseUrl',
  unauthorized: 'apiKey',
};

export function connectionFailure(error: ApiErrorData): ConnectionFailure {
  const field = FIELD_OF_KIND[error.kind];
  if (field) return { message: null, fields: { [field]: error.message } };
  const fields: ConnectionFailure['fields'] = {};
  const placed: string[] = [];
  for (const name of ['baseUrl', 'apiKey'] as const) {
    const text = error.fields?.[name]?.join(' ');
    if (text) {
      fields[name] = text;
      placed.push(text);
    }
  }
  // The background words a missing key as a sentence of its own; the field keeps the short form.
  const message = placed.length > 0 && placed.join(' ') === error.message ? null : error.message;
  return { message, fields };
}
