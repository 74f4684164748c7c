import type { ChecksVersion } from './checks/index.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AccountRecord, Store } from './store.ts';

/** How fast an endless answer comes; without `bytesPerSecond`, as fast as the client reads it. */
export interface EndlessPace {
  bytesPerSecond?: number;
}

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
  /**
   * Set: the list answers 200 with a body that never ends, its reports over and over until the client hangs up,
   * at `bytesPerSecond` (default: as fast as the client reads).
   */
  endlessList: EndlessPace | null;
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

/** What a handler answers: JSON or an HTML page, plus headers; or a JSON body without end, `start` then `repeat` again and again. */
export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  endless?: { start: string; repeat: string; pace: EndlessPace };
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
