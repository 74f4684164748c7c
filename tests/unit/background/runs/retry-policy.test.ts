import { describe, expect, it } from 'vitest';
import { QUEUED_PACE, RUN_PACE, retryWaitMs } from '@/lib/background/runs/retry-policy';

/** The one retry policy of background work, as a table: the backoff of each pace and the service's Retry-After. */

describe('the wait before trying again', () => {
  it.each([
    ['a run: the service away, first wait', RUN_PACE, { kind: 'network' }, 0, 30_000],
    ['a run: the service away, doubled to at most 5 minutes', RUN_PACE, { kind: 'network' }, 6, 300_000],
    ['a run: a 429 with no Retry-After', RUN_PACE, { kind: 'rate-limited' }, 1, 20_000],
    ['a run: a 429 waits its Retry-After, as the service said', RUN_PACE, { kind: 'rate-limited', retryAfterSeconds: 7 }, 3, 7_000],
    ['a queued create: every minute at first', QUEUED_PACE, { kind: 'network' }, 0, 60_000],
    ['a queued create: doubled each time', QUEUED_PACE, { kind: 'network' }, 2, 240_000],
    ['a queued create: every 30 minutes at most', QUEUED_PACE, { kind: 'network' }, 12, 1_800_000],
    ['never before an away service’s Retry-After', QUEUED_PACE, { kind: 'server-error', retryAfterSeconds: 600 }, 0, 600_000],
  ] as const)('%s', (_name, pace, error, waits, expected) => {
    expect(retryWaitMs(error, waits, pace)).toBe(expected);
  });
});
