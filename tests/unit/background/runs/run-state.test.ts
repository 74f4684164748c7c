import { describe, expect, it } from 'vitest';
import { claimNext, newRun, nextWake, recoverSending, retryRun, runView, settleItem, stopRun } from '@/lib/background/runs/run-state';
import type { Run } from '@/lib/protocol';

const NOW = 1_700_000_000_000;
const deletes = (n: number) =>
  newRun(
    'r1',
    'delete',
    Array.from({ length: n }, (_, i) => ({ reportId: i + 1, url: `example.com/${i + 1}` })),
    undefined,
    NOW,
  );

/** Claims and settles every item in turn with the outcome given. */
function claimAll(run: Run, now = NOW) {
  let runs: Run[] = [run];
  const claims = [];
  for (let next = claimNext(runs, now); next; next = claimNext(runs, now)) {
    runs = next.runs;
    claims.push(next.claim);
  }
  return { runs, claims };
}

describe('a new run', () => {
  it('makes one create per page, however the address is written', () => {
    const run = newRun(
      'r',
      'create',
      [{ url: 'https://example.com/a' }, { url: 'http://www.example.com/a/' }, { url: 'https://example.com/b' }],
      1,
      NOW,
    );
    expect(run.items.map((i) => i.url)).toEqual(['https://example.com/a', 'https://example.com/b']);
  });

  it('acts once on each report chosen twice', () => {
    const run = newRun(
      'r',
      'delete',
      [
        { reportId: 3, url: 'a' },
        { reportId: 3, url: 'a' },
        { reportId: 4, url: 'b' },
      ],
      undefined,
      NOW,
    );
    expect(run.items).toHaveLength(2);
  });
});

describe('claiming', () => {
  it('hands each item out once, marked as being sent', () => {
    const { runs, claims } = claimAll(deletes(3));
    expect(claims.map((c) => c.item.reportId)).toEqual([1, 2, 3]);
    expect(runs[0]!.items.every((i) => i.state === 'sending')).toBe(true);
  });

  it('hands out nothing while the run waits out a 429, and everything after', () => {
    const first = claimNext([deletes(2)], NOW)!;
    const { runs } = settleItem(first.runs, first.claim, { kind: 'wait', seconds: 30, reason: 'slow down' }, NOW);
    expect(runs[0]!.items[0]!.state).toBe('pending');
    expect(claimNext(runs, NOW + 29_000)).toBeNull();
    expect(nextWake(runs)).toBe(NOW + 30_000);
    expect(claimNext(runs, NOW + 30_000)!.claim.item.reportId).toBe(1);
  });

  it('does not hand out a create of unknown fate before it has been looked for again', () => {
    const run = newRun('r', 'create', [{ url: 'https://example.com/' }], 1, NOW);
    const first = claimNext([run], NOW)!;
    const { runs } = settleItem(first.runs, first.claim, { kind: 'look-later', checkAfter: NOW + 15_000 }, NOW);
    expect(claimNext(runs, NOW + 1_000)).toBeNull();
    expect(claimNext(runs, NOW + 15_000)).not.toBeNull();
  });
});

describe('outcomes', () => {
  it('finishes the run when the last item is settled, counting already gone ones as done', () => {
    const all = claimAll(deletes(3));
    let runs = all.runs;
    const claims = all.claims;
    let finished: Run | null = null;
    for (const [n, claim] of claims.entries()) {
      const outcome =
        n === 0
          ? { kind: 'done' as const }
          : n === 1
            ? { kind: 'done' as const, alreadyGone: true }
            : { kind: 'failed' as const, error: { kind: 'forbidden' as const, message: 'No.' } };
      ({ runs, finished } = settleItem(runs, claim, outcome, NOW));
      if (n < 2) expect(finished).toBeNull();
    }
    expect(finished?.state).toBe('finished');
    expect(runView(runs[0]!)).toMatchObject({ total: 3, done: 2, alreadyGone: 1, left: 0, failed: [{ url: 'example.com/3', reason: 'No.' }] });
  });

  it('stops the whole run when the connection is gone, leaving the items in line', () => {
    const { runs, claims } = claimAll(deletes(2));
    const after = settleItem(runs, claims[0]!, { kind: 'stop', reason: 'Not connected.' }, NOW).runs;
    expect(after[0]).toMatchObject({ state: 'stopped', stopReason: 'Not connected.' });
    expect(claimNext(after, NOW)).toBeNull();
  });
});

describe('stop, retry and a stopped worker', () => {
  it('stop sends nothing more; retry sends the failed and the left items again', () => {
    const first = claimNext([deletes(3)], NOW)!;
    let runs = settleItem(first.runs, first.claim, { kind: 'failed', error: { kind: 'server-error', message: 'Oops.' } }, NOW).runs;
    runs = runs.map(stopRun);
    expect(claimNext(runs, NOW)).toBeNull();
    expect(runView(runs[0]!)).toMatchObject({ state: 'stopped', left: 2, failed: [{ reason: 'Oops.' }] });
    runs = runs.map(retryRun);
    expect(runView(runs[0]!)).toMatchObject({ state: 'running', left: 3, failed: [] });
    expect(claimAll(runs[0]!).claims).toHaveLength(3);
  });

  it('puts what a stopped worker was sending back in line, keeping when a create was sent', () => {
    const run = newRun('r', 'create', [{ url: 'https://example.com/' }], 1, NOW);
    const taken = claimNext([run], NOW)!.runs;
    const sent: Run[] = taken.map((r) => ({ ...r, items: r.items.map((i) => ({ ...i, sentAt: NOW })) }));
    const recovered = recoverSending(sent);
    expect(recovered[0]!.items[0]).toMatchObject({ state: 'pending', sentAt: NOW });
  });
});
