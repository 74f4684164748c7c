import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Claim } from '@/lib/background/runs/run-state';
import { outcomeOfFailure } from '@/lib/background/runs/run-work';

/** What each failure of one item means for its run, as a table. */

const claim = (action: Claim['action'], sentAt?: number): Claim => ({
  runId: 'r',
  index: 0,
  action,
  privacy: 1,
  waits: 0,
  item: { url: 'https://example.com/', reportId: 1, state: 'pending', ...(sentAt !== undefined ? { sentAt } : {}) },
});
const queued = (): Claim => ({ ...claim('create'), queuedAt: 0 });
const error = (kind: ConstructorParameters<typeof ApiError>[0]['kind'], extra: object = {}) => new ApiError({ kind, message: `${kind}.`, ...extra });

describe('an item that failed', () => {
  it.each([
    [
      'a 429 with Retry-After waits that long',
      claim('delete'),
      error('rate-limited', { retryAfterSeconds: 7 }),
      0,
      undefined,
      { kind: 'wait', seconds: 7 },
    ],
    [
      'a 429 without one waits 10 s, doubled by each wait in a row',
      claim('delete'),
      error('rate-limited'),
      2,
      undefined,
      { kind: 'wait', seconds: 40 },
    ],
    [
      'a refused create keeps no send time (it was not made)',
      claim('create'),
      error('rate-limited', { retryAfterSeconds: 3 }),
      0,
      1000,
      { kind: 'wait', seconds: 3 },
    ],
    ['a create sent while the service went away keeps its send time', claim('create'), error('network'), 0, 1000, { kind: 'wait', sentAt: 1000 }],
    ['a delete of a report already gone is done', claim('delete'), error('not-found'), 0, undefined, { kind: 'done', alreadyGone: true }],
    [
      'a regenerate of a report gone fails with the reason',
      claim('regenerate'),
      error('not-found'),
      0,
      undefined,
      { kind: 'failed', error: { kind: 'not-found' } },
    ],
    ['a lost key stops the whole run', claim('privacy'), error('unauthorized'), 0, undefined, { kind: 'stop', reason: 'unauthorized.' }],
    [
      'a create that timed out fails, keeping its send time so a retry looks first',
      claim('create'),
      error('timeout'),
      0,
      1000,
      { kind: 'failed', sentAt: 1000 },
    ],
    ['a refused create fails without a send time', claim('create'), error('validation'), 0, 1000, { kind: 'failed', error: { kind: 'validation' } }],
    [
      'a queued create waits a minute for the service, keeping its send time and why',
      queued(),
      error('network'),
      0,
      1000,
      { kind: 'wait', seconds: 60, sentAt: 1000, error: { kind: 'network' } },
    ],
    ['a queued create waits for a connection the user may still fix', queued(), error('not-connected'), 1, undefined, { kind: 'wait', seconds: 120 }],
    ['a queued create has no run to stop: a lost key fails it', queued(), error('unauthorized'), 0, undefined, { kind: 'failed' }],
  ] as const)('%s', (_name, taken, caught, waits, sentAt, expected) => {
    const outcome = outcomeOfFailure(caught, taken, waits, sentAt);
    expect(outcome).toMatchObject(expected);
    if (expected.kind === 'wait' && !('sentAt' in expected)) expect(outcome).not.toHaveProperty('sentAt');
    if (expected.kind === 'failed' && !('sentAt' in expected)) expect(outcome).not.toHaveProperty('sentAt');
  });
});
