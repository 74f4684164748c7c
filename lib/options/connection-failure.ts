import type { ApiErrorData } from '@/lib/api/errors';

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
