import type { ChecksVersion } from './checks/index.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AccountRecord, Store } from './store.ts';

/** Settings a running service can change between tests. */
export interface ServiceSettings {
  latencyMs: number;
  reportsPerMonth: number;
  fetchTimeoutMs: number;
  perPageFallback: 10 | 25;
  extraCaCerts: string[];
  /** Creates the report, then cuts the connection instead of answering: the client cannot know it was made. */
  dropAfterCreate: boolean;
  /** Which deployed version's checks reports carry. */
  variant: ChecksVersion;
  /** `last`: a failed check keeps only its last error key, as the KalimeroMK port sends it. */
  errorKeys: 'all' | 'last';
}

export interface ServiceState {
  store: Store;
  limiter: RateLimiter;
  settings: ServiceSettings;
  /** `http://127.0.0.1:PORT`, for the absolute addresses the service hands out. */
  origin: string;
  /** Aborted when the service closes, so slow audits stop waiting. */
  closing: AbortSignal;
}

/** What a handler answers: JSON or an HTML page, plus headers. */
export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

/** One authenticated API request, ready for a handler. */
export interface ApiCall {
  state: ServiceState;
  account: AccountRecord;
  /** The `{id}` path segment, unchecked. */
  id: string | undefined;
  /** Query and body fields merged, body winning, as the framework's `input()` does. */
  input: Record<string, unknown>;
  url: URL;
}

export const notFound: Reply = { status: 404, json: { message: 'Resource not found.', status: 404 } };
export const unexpected: Reply = {
  status: 500,
  json: { message: 'An unexpected error has occurred, please try again.', status: 500 },
};

export function fieldErrors(errors: Record<string, string[]>): Reply {
  return { status: 422, json: { message: errors, status: 422 } };
}
