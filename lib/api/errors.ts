import { t } from '@/lib/shared/i18n';
/**
 * The one error type that travels from the API client (and the background)
 * to the pages. `message` is written for the user and shown as is; `detail`
 * is for bug reports. Neither ever holds the API key. No zod here: the pages
 * import this file.
 */

/** Kinds the API client raises. */
const API_CLIENT_ERROR_KINDS = [
  'invalid-address',
  'insecure-address',
  'unauthorized',
  'forbidden',
  'not-found',
  'validation',
  'quota-exceeded',
  'rate-limited',
  'server-error',
  'not-the-api',
  'network',
  'timeout',
  'invalid-response',
  'too-large',
] as const;

/** Kinds the extension raises about itself (no connection yet, a revoked permission, a broken message). */
const EXTENSION_ERROR_KINDS = ['not-connected', 'permission-missing', 'interrupted', 'extension'] as const;

export const API_ERROR_KINDS = [...API_CLIENT_ERROR_KINDS, ...EXTENSION_ERROR_KINDS] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

export function isApiErrorKind(value: unknown): value is ApiErrorKind {
  return typeof value === 'string' && (API_ERROR_KINDS as readonly string[]).includes(value);
}

export interface ApiErrorData {
  kind: ApiErrorKind;
  /** Plain words for the user. */
  message: string;
  /** Technical detail for a bug report; never contains the key. */
  detail?: string;
  status?: number;
  /** Per-field messages of a refused request, as the service words them. */
  fields?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly detail: string | undefined;
  readonly status: number | undefined;
  readonly fields: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(data: ApiErrorData) {
    super(data.message);
    this.kind = data.kind;
    this.detail = data.detail;
    this.status = data.status;
    this.fields = data.fields;
    this.retryAfterSeconds = data.retryAfterSeconds;
  }

  /** A plain object that survives extension messaging and storage. */
  toJSON(): ApiErrorData {
    const data: ApiErrorData = { kind: this.kind, message: this.message };
    if (this.detail !== undefined) data.detail = this.detail;
    if (this.status !== undefined) data.status = this.status;
    if (this.fields !== undefined) data.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) data.retryAfterSeconds = this.retryAfterSeconds;
    return data;
  }

  static fromJSON(data: ApiErrorData): ApiError {
    return new ApiError(data);
  }
}

/**
 * What of an error may leave the background: everything but `detail`, which
 * quotes the service's answer and stays where the key is (however well the
 * key is scrubbed from it, a page has no use for it).
 */
export function errorForPages(error: ApiError): ApiErrorData {
  const { detail: _detail, ...shown } = error.toJSON();
  return shown;
}

/** Failures that mean the service is away rather than the request wrong: a report can wait for it (lib/background/runs/queued-creates.ts). */
export function isServiceAway(error: Pick<ApiErrorData, 'kind' | 'status'>): boolean {
  return error.kind === 'network' || (error.kind === 'server-error' && [502, 503, 504].includes(error.status ?? 0));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A typed error as it is; anything else is the extension's own fault, worded by `message`. */
export function asApiError(error: unknown, message?: string): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({ kind: 'extension', message: message ?? t('errorInside'), detail: error instanceof Error ? error.message : String(error) });
}
