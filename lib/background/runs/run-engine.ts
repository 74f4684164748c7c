import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import { runTitle } from '@/lib/shared/run-text';
import { connectedApi } from '@/lib/background/connection';
import { keepAlive } from '@/lib/background/alive-and-connected';
import {
  claimNext,
  keysUnderWay,
  newRun,
  nextWake,
  recoverSending,
  retryRun,
  runView,
  settleItem,
  stopRun,
  type Claim,
  type RunTarget,
} from '@/lib/background/runs/run-state';
import { workOn } from '@/lib/background/runs/run-work';
import type { Run, RunAction, RunView } from '@/lib/protocol';
import { pageKey } from '@/lib/shared/page-address';
import { reportJobs, reportQueue, runs } from '@/lib/storage';
import { t } from '@/lib/shared/i18n';

/**
 * Runs of many reports, owned by the background: every multi-report action
 * (a pasted list, bulk delete, regenerate, privacy) is one. Kept item by item
 * in local storage, sent two at a time, a 429 waited out, a stopped worker's
 * run resumed on its next start (and every minute by an alarm while one runs).
 */

const ALARM = 'runs';
/** Two items at a time, over all runs: the service audits live, and is shared with the user's other work. */
export const LANES = 2;
/** Finished runs kept for the panel; older ones go. */
const KEEP_FINISHED = 10;

export type RunEndListener = (run: Run) => void;
const endListeners = new Set<RunEndListener>();
/** Lets the notifications and the badge follow runs without the engine knowing them. */
export function onRunEnd(listener: RunEndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export const readRunViews = async (): Promise<RunView[]> => (await runs.read()).map(runView);

/**
 * The most items one run holds: each is kept in local storage (about 100 bytes), which the
 * browser limits to 10 MB for all the extension's items.
 */
export const MAX_RUN_ITEMS = 20_000;

/** Pages the popup is making a report of, or that wait in the queue for the service: no run sends them a create too. */
async function createsOutsideRuns(): Promise<Set<string>> {
  const [jobs, queued] = await Promise.all([reportJobs.read(), reportQueue.read()]);
  const running = Object.values(jobs).filter((job) => job.state === 'running');
  return new Set([...running, ...queued].map((entry) => pageKey(entry.url)));
}

/**
 * Adds a run of `action` on the targets and sets it going. What another run (or, for a create, the
 * popup or the queue) already sends is left out and counted; `run` is null when that is all of it.
 */
export async function addRun(action: RunAction, targets: readonly RunTarget[], privacy?: 0 | 1): Promise<{ run: RunView | null; underWay: number }> {
  if (targets.length === 0) throw new ApiError({ kind: 'validation', message: t('runNothing') });
  if (targets.length > MAX_RUN_ITEMS) {
    throw new ApiError({
      kind: 'validation',
      message: t('runTooBig', { title: runTitle(action, targets.length, privacy ?? null), max: MAX_RUN_ITEMS }),
    });
  }
  const outside = action === 'create' ? await createsOutsideRuns() : new Set<string>();
  let added: Run | null = null;
  // Read and written in one change of the stored runs: a second click's run sees the first one's items.
  await runs.update((list) => {
    const run = newRun(crypto.randomUUID(), action, targets, privacy, Date.now(), new Set([...keysUnderWay(list, action), ...outside]));
    added = run;
    if (run.items.length === 0) return list;
    const finished = list.filter((r) => r.state === 'finished');
    const dropped = new Set(finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED + 1)).map((r) => r.id));
    return [...list.filter((r) => !dropped.has(r.id)), run];
  });
  const run = added as Run | null;
  if (!run || run.items.length === 0) return { run: null, underWay: run?.alreadyUnderWay ?? 0 };
  void driveRuns();
  return { run: runView(run), underWay: run.alreadyUnderWay ?? 0 };
}

/** A run the user asked for in a page: when all of it is under way already, the page says so. */
export async function startRun(action: RunAction, targets: readonly RunTarget[], privacy?: 0 | 1): Promise<RunView> {
  const { run } = await addRun(action, targets, privacy);
  if (!run) throw new ApiError({ kind: 'validation', message: t('runAllUnderWay') });
  return run;
}

async function changeRun(id: string, change: (run: Run) => Run | null): Promise<RunView[]> {
  await runs.update((list) => list.flatMap((run) => (run.id === id ? [change(run)].filter((r): r is Run => r !== null) : [run])));
  void driveRuns();
  return readRunViews();
}
export const stopRunById = (id: string) => changeRun(id, stopRun);
export const retryRunById = (id: string) => changeRun(id, retryRun);
/** A run under way is stopped first: dismissing never leaves work going on unseen. */
export const dismissRunById = (id: string) => changeRun(id, (run) => (run.state === 'running' ? stopRun(run) : null));

async function claim(): Promise<Claim | null> {
  let taken: Claim | null = null;
  await runs.update((list) => {
    const next = claimNext(list, Date.now());
    taken = next?.claim ?? null;
    return next ? next.runs : list;
  });
  return taken as Claim | null;
}

async function markSent(taken: Claim, sentAt: number): Promise<void> {
  await runs.update((list) =>
    list.map((run) =>
      run.id === taken.runId ? { ...run, items: run.items.map((item, i) => (i === taken.index ? { ...item, sentAt } : item)) } : run,
    ),
  );
}

async function lane(): Promise<void> {
  for (let taken = await claim(); taken; taken = await claim()) {
    const outcome = await workOn(taken, taken.waits, { connection: connectedApi, markSent });
    let finished: Run | null = null;
    await runs.update((list) => {
      const settled = settleItem(list, taken, outcome, Date.now());
      finished = settled.finished;
      return settled.runs;
    });
    if (finished) for (const listener of endListeners) listener(finished);
  }
}

let driving: Promise<void> | null = null;
let again = false;
let recovered = false;

/** Sends what may be sent now, waits out what must wait, until nothing is left. One drive at a time per worker. */
export function driveRuns(): Promise<void> {
  again = true;
  driving ??= (async () => {
    const release = keepAlive();
    try {
      if (!recovered) {
        recovered = true;
        await runs.update(recoverSending);
      }
      while (again) {
        again = false;
        await Promise.all(Array.from({ length: LANES }, lane));
        const wake = nextWake(await runs.read());
        if (wake !== null) {
          await schedule(wake);
          await sleepUntil(wake);
          again = true;
        }
      }
      await schedule(null);
    } finally {
      release();
      driving = null;
    }
  })();
  return driving;
}

let wakeEarly: (() => void) | null = null;
function sleepUntil(time: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, time - Date.now()));
    function done() {
      clearTimeout(timer);
      wakeEarly = null;
      resolve();
    }
    wakeEarly = done;
  });
}

/** A run started, retried or stopped while the drive sleeps through a wait: looked at now. */
function wake(): void {
  wakeEarly?.();
}

/** The alarm wakes a stopped worker to go on; none is left once nothing waits. */
async function schedule(wake: number | null): Promise<void> {
  if (wake === null) await browser.alarms.clear(ALARM);
  else await browser.alarms.create(ALARM, { periodInMinutes: 1 });
}

/** Call once, synchronously, when the worker starts: a run a stopped worker left goes on. */
export function registerRuns(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void driveRuns();
  });
  runs.watch(() => {
    if (driving) wake();
  });
  void driveRuns();
}
