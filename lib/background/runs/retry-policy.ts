import type { ApiErrorData, ApiErrorKind } from '@/lib/api/errors';

/**
 * When background work tries again, for every run (a queued create is a run of one): the service's
 * Retry-After, a backoff doubled by each wait in a row, and the audit window of a create of
 * unknown fate, which is looked for on the service and never sent twice.
 */

/**
 * How long after a create was sent the service may still be auditing it (the client's time limit
 * for a create, and some slack). Until then a create of unknown fate is looked for, not sent again.
 */
export const AUDIT_MAX_MS = 210_000;
/** How often a create of unknown fate is looked for on the service while it may still be audited. */
export const LOOK_AGAIN_MS = 5_000;
/** A queued create the service could not take for this long is dropped, and a notification says so. */
export const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60_000;

/** How fast one kind of work tries again: the first waits, each doubled by every wait in a row, up to the most. */
export interface Pace {
  /** After the service could not be reached (or, for a queued create, the connection is not ready). */
  awayMs: number;
  /** After a 429 that named no wait. */
  refusedMs: number;
  mostMs: number;
}
/** Runs of many reports: the user watches them go. */
export const RUN_PACE: Pace = { awayMs: 30_000, refusedMs: 10_000, mostMs: 300_000 };
/** A create queued until the service is back: every minute at first, every 30 minutes at most. */
export const QUEUED_PACE: Pace = { awayMs: 60_000, refusedMs: 60_000, mostMs: 30 * 60_000 };

/** Besides the service being away, what a queued create waits out: a 429, and a connection the user may still fix. */
export const QUEUED_CREATE_WAITS_FOR: readonly ApiErrorKind[] = ['rate-limited', 'not-connected', 'permission-missing'];

const backoff = (firstMs: number, waits: number, pace: Pace) => Math.min(firstMs * 2 ** Math.max(0, waits), pace.mostMs);

/**
 * The wait after `error`, with `waits` waits in a row before it. A 429's Retry-After is the
 * service's word, kept as is; an away service is never asked again before its Retry-After.
 */
export function retryWaitMs(error: Pick<ApiErrorData, 'kind' | 'retryAfterSeconds'>, waits: number, pace: Pace): number {
  const retryAfterMs = error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
  if (error.kind === 'rate-limited') return retryAfterMs ?? backoff(pace.refusedMs, waits, pace);
  return Math.max(retryAfterMs ?? 0, backoff(pace.awayMs, waits, pace));
}
