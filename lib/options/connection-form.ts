import type { Account } from '@/lib/api';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { isApiError, type ApiErrorData } from '@/lib/api/errors';
import { cleanKey, keyForOtherAddress, keyProblem, missingKey } from '@/lib/shared/api-key';
import { intlLocale, t, tn } from '@/lib/shared/i18n';

/**
 * The options page's connection form, checked in the click itself: an
 * address error shows at once, and the permission request that follows
 * still runs inside the user's gesture.
 */

export interface ConnectionInput {
  address: string;
  key: string;
  /** A key is stored already: an empty field keeps it, as long as the address keeps its origin. */
  keySet: boolean;
  /** The address the saved key belongs to. */
  savedBaseUrl: string | null;
}

export type ConnectionCheck =
  { ok: true; baseUrl: string; apiKey: string | undefined } | { ok: false; fields: { baseUrl?: string; apiKey?: string } };

/** What is wrong with the key field: a typed key too short to be one, or an empty field with no saved key for this address. */
function keyFieldProblem(apiKey: string, input: ConnectionInput, baseUrl: string): string | null {
  if (apiKey) return keyProblem(apiKey);
  if (!input.keySet || !input.savedBaseUrl) return missingKey();
  // A saved key goes only to the address it was saved for: another origin needs it typed again.
  const saved = new URL(input.savedBaseUrl);
  if (baseUrl && new URL(baseUrl).origin !== saved.origin) return keyForOtherAddress(saved.host, new URL(baseUrl).host);
  return null;
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
  const keyWrong = keyFieldProblem(apiKey, input, baseUrl);
  if (keyWrong) fields.apiKey = keyWrong;
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
  return hint ? t('keySaved', { hint }) : t('keyNone');
}

export function quotaText(account: Pick<Account, 'reportsPerMonth'>): string {
  const n = account.reportsPerMonth;
  if (n === 'unlimited') return t('accountUnlimited');
  if (n === null) return t('accountNotTold');
  // A quota keeps its digits together ("1000 reports a month"), as this page always wrote it; larger ones are grouped.
  return tn('accountQuota', n, { count: new Intl.NumberFormat(intlLocale(), { useGrouping: 'min2' }).format(n) });
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
