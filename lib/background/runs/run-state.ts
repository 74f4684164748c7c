import type { ApiErrorData } from '@/lib/api/errors';
import type { ListedReport, Run, RunAction, RunItem, RunView } from '@/lib/protocol';
import { pageKey } from '@/lib/shared/page-address';

/**
 * A run's state, changed by pure functions: which item goes next, what an
 * answer does to it, what the options page is shown. lib/background/runs/run-engine.ts
 * applies them to the stored runs one change at a time.
 */

export interface RunTarget {
  url: string;
  reportId?: number;
}

/** What one item acts on: the page (as the service stores its address) for a create, the report otherwise. */
const targetKey = (action: RunAction, target: RunTarget) => (action === 'create' ? pageKey(target.url) : String(target.reportId));

/** What the running runs of `action` still have to send or are sending. */
export function keysUnderWay(runs: readonly Run[], action: RunAction): Set<string> {
  const keys = new Set<string>();
  for (const run of runs) {
    if (run.state !== 'running' || run.action !== action) continue;
    for (const item of run.items) if (item.state === 'pending' || item.state === 'sending') keys.add(targetKey(action, item));
  }
  return keys;
}

/**
 * A new run. Each page or report is in it once, and none that is `underWay` (sent or to be sent by
 * another run, so never two creates of one page at once): those are left out and counted.
 */
export function newRun(
  id: string,
  action: RunAction,
  targets: readonly RunTarget[],
  privacy: 0 | 1 | undefined,
  now: number,
  underWay: ReadonlySet<string> = new Set(),
): Run {
  const seen = new Set<string>();
  const items: RunItem[] = [];
  let alreadyUnderWay = 0;
  for (const target of targets) {
    const key = targetKey(action, target);
    if (seen.has(key)) continue;
    seen.add(key);
    if (underWay.has(key)) alreadyUnderWay++;
    else items.push({ url: target.url, ...(target.reportId !== undefined ? { reportId: target.reportId } : {}), state: 'pending' });
  }
  return {
    id,
    action,
    ...(privacy !== undefined ? { privacy } : {}),
    createdAt: now,
    state: 'running',
    stopReason: null,
    waitUntil: null,
    waitReason: null,
    waits: 0,
    items,
    ...(alreadyUnderWay > 0 ? { alreadyUnderWay } : {}),
  };
}

/** An item a lane has taken: which run, which position, and the item as taken. */
export interface Claim {
  runId: string;
  index: number;
  action: RunAction;
  privacy: 0 | 1 | undefined;
  item: RunItem;
  /** The run's waits in a row when the item was taken, for the backoff. */
  waits: number;
  /** When its report was asked for, for a queued create (a run of one, given up after 7 days). */
  queuedAt?: number;
  /** The service of its run; absent for runs kept by versions before named services (the default's). */
  service?: string;
}

const ready = (item: RunItem, now: number) => item.state === 'pending' && (item.checkAfter === undefined || item.checkAfter <= now);

/** The next item to send, queued creates first (one report each, a user waits for it), then the oldest run; null when none may go now. */
export function claimNext(runs: readonly Run[], now: number): { runs: Run[]; claim: Claim } | null {
  for (const run of [...runs.filter((r) => r.queued), ...runs.filter((r) => !r.queued)]) {
    if (run.state !== 'running' || (run.waitUntil !== null && run.waitUntil > now)) continue;
    const index = run.items.findIndex((item) => ready(item, now));
    if (index < 0) continue;
    const item = run.items[index]!;
    const taken: RunItem = { ...item, state: 'sending' };
    const claim: Claim = {
      runId: run.id,
      index,
      action: run.action,
      privacy: run.privacy,
      item,
      waits: run.waits,
      ...(run.queued ? { queuedAt: run.createdAt } : {}),
      ...(run.service ? { service: run.service } : {}),
    };
    return { runs: runs.map((r) => (r === run ? withItem(r, index, taken) : r)), claim };
  }
  return null;
}

function withItem(run: Run, index: number, item: RunItem): Run {
  return { ...run, items: run.items.map((old, i) => (i === index ? item : old)) };
}

/** How a lane's work on an item ended. */
export type Outcome =
  /** `report`: the report a create made, or found made (`adopted`), for whoever tells the user. */
  | { kind: 'done'; reportId?: number; alreadyGone?: boolean; report?: ListedReport; adopted?: boolean }
  /** `sentAt`: the request may have been carried out all the same (it timed out): a retried create looks first. `gaveUp`: a queued create too old to try again. */
  | { kind: 'failed'; error: ApiErrorData; sentAt?: number; gaveUp?: boolean }
  /**
   * Not sent, or sent with an unknown fate: back in line, the run waits (429, service away). `sentAt`: the send of
   * unknown fate, if any; `error`: why, kept on the item.
   */
  | { kind: 'wait'; seconds: number; reason: string; sentAt?: number; error?: ApiErrorData }
  /** A create of unknown fate not found yet: looked for again later, never sent again meanwhile. */
  | { kind: 'look-later'; checkAfter: number }
  /** The connection is gone: every item would fail the same way, so the run stops with the reason. */
  | { kind: 'stop'; reason: string };

/** The runs after an item's outcome, and whether its run has just finished. */
export function settleItem(runs: readonly Run[], claim: Claim, outcome: Outcome, now: number): { runs: Run[]; finished: Run | null } {
  let finished: Run | null = null;
  const next = runs.map((run) => {
    if (run.id !== claim.runId) return run;
    const item = run.items[claim.index];
    if (!item) return run;
    // A send time stays only while the create's fate is unknown; a clear answer ends it. The first send stays: a report made since may be the one asked for.
    const base: Omit<RunItem, 'state'> = {
      url: item.url,
      ...(item.reportId !== undefined ? { reportId: item.reportId } : {}),
      ...(item.firstSentAt !== undefined ? { firstSentAt: item.firstSentAt } : {}),
    };
    let changed: Run;
    switch (outcome.kind) {
      case 'done':
        changed = withItem({ ...run, waits: 0 }, claim.index, {
          ...base,
          state: 'done',
          ...(outcome.reportId !== undefined ? { reportId: outcome.reportId } : {}),
          ...(outcome.alreadyGone ? { alreadyGone: true } : {}),
        });
        break;
      case 'failed':
        changed = withItem({ ...run, waits: 0 }, claim.index, {
          ...base,
          state: 'failed',
          error: outcome.error,
          ...(outcome.sentAt !== undefined ? { sentAt: outcome.sentAt } : {}),
        });
        break;
      case 'wait':
        changed = withItem(
          { ...run, waitUntil: Math.max(run.waitUntil ?? 0, now + outcome.seconds * 1000), waitReason: outcome.reason, waits: run.waits + 1 },
          claim.index,
          {
            ...base,
            state: 'pending',
            ...(outcome.sentAt !== undefined ? { sentAt: outcome.sentAt } : {}),
            ...(outcome.error ? { error: outcome.error } : {}),
          },
        );
        break;
      case 'look-later':
        changed = withItem(run, claim.index, {
          ...base,
          state: 'pending',
          ...(item.sentAt !== undefined ? { sentAt: item.sentAt } : {}),
          checkAfter: outcome.checkAfter,
        });
        break;
      case 'stop':
        changed = withItem({ ...run, state: 'stopped', stopReason: outcome.reason }, claim.index, {
          ...base,
          state: 'pending',
          ...(claim.item.sentAt !== undefined ? { sentAt: claim.item.sentAt } : {}),
        });
        break;
    }
    const done = finishIfDone(changed);
    if (done !== changed) finished = done;
    return done;
  });
  return { runs: next, finished };
}

/** A running run with nothing left to send or being sent is finished. */
export function finishIfDone(run: Run): Run {
  if (run.state !== 'running') return run;
  const open = run.items.some((item) => item.state === 'pending' || item.state === 'sending');
  return open ? run : { ...run, state: 'finished', waitUntil: null, waitReason: null };
}

/** Items a stopped worker was sending: back in line, keeping when they were sent (a create is then looked for first). */
export function recoverSending(runs: readonly Run[]): Run[] {
  return runs.map((run) =>
    run.items.some((item) => item.state === 'sending')
      ? { ...run, items: run.items.map((item) => (item.state === 'sending' ? { ...item, state: 'pending' as const } : item)) }
      : run,
  );
}

/** Stop: nothing more is sent; the items under way finish and are counted. */
export const stopRun = (run: Run): Run => (run.state === 'running' ? { ...run, state: 'stopped', stopReason: null } : run);

/** Retry: the failed items, and what a stop left, go back in line. */
export function retryRun(run: Run): Run {
  const items = run.items.map((item): RunItem =>
    item.state === 'failed'
      ? {
          url: item.url,
          ...(item.reportId !== undefined ? { reportId: item.reportId } : {}),
          ...(item.sentAt !== undefined ? { sentAt: item.sentAt } : {}),
          ...(item.firstSentAt !== undefined ? { firstSentAt: item.firstSentAt } : {}),
          state: 'pending',
        }
      : item,
  );
  return finishIfDone({ ...run, items, state: 'running', stopReason: null, waitUntil: null, waitReason: null, waits: 0 });
}

/** The earliest time something may be sent or looked for again, or null when nothing waits. */
export function nextWake(runs: readonly Run[]): number | null {
  const times = runs
    .filter((run) => run.state === 'running')
    .flatMap((run) => {
      const pending = run.items.filter((item) => item.state === 'pending');
      if (pending.length === 0) return [];
      const itemTimes = pending.map((item) => item.checkAfter ?? 0);
      return [Math.max(run.waitUntil ?? 0, Math.min(...itemTimes))];
    });
  return times.length > 0 ? Math.min(...times) : null;
}

/** How many items of all running runs (not the queued creates, which show ↻, nor watches' checks) are not finished: the badge's number. */
export const itemsLeft = (runs: readonly Run[]) =>
  runs
    .filter((run) => run.state === 'running' && !run.queued && !run.watch)
    .reduce((sum, run) => sum + run.items.filter((i) => i.state === 'pending' || i.state === 'sending').length, 0);

export function runView(run: Run): RunView {
  let done = 0;
  let alreadyGone = 0;
  let left = 0;
  const current: string[] = [];
  const failed: RunView['failed'] = [];
  for (const item of run.items) {
    if (item.state === 'done') {
      done++;
      if (item.alreadyGone) alreadyGone++;
    } else if (item.state === 'failed') failed.push({ url: item.url, reason: item.error?.message ?? 'Failed.' });
    else {
      left++;
      if (item.state === 'sending') current.push(item.url);
    }
  }
  return {
    id: run.id,
    action: run.action,
    privacy: run.privacy ?? null,
    createdAt: run.createdAt,
    state: run.state,
    stopReason: run.stopReason,
    waitUntil: run.waitUntil,
    waitReason: run.waitReason,
    total: run.items.length,
    done,
    alreadyGone,
    alreadyUnderWay: run.alreadyUnderWay ?? 0,
    left,
    current,
    failed,
  };
}
