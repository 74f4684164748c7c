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
import type { Outcome } from '@/lib/background/runs/run-state';
import type { Run, RunAction, RunView } from '@/lib/protocol';
import { pageKey } from '@/lib/shared/page-address';
import { readDefaultServiceId, reportJobs, runs } from '@/lib/storage';
import { t } from '@/lib/shared/i18n';
import { afterStart } from '@/lib/background/start-work';

/**
 * The one engine of background work. Every multi-report action (a pasted list, bulk delete,
 * regenerate, privacy) is a run, and so is each report queued while the service is away (a run
 * of one create, `queued`). Kept item by item in local storage, sent two at a time, waits
 * (lib/background/runs/retry-policy.ts) slept through in the worker when short, else left to the
 * one alarm, which also wakes the other work that needs a stopped worker back (`wakeAlso`).
 */

/** The one alarm of the background. */
const ALARM = 'work';
/** A wait this short is slept through in the worker; a longer one lets it stop, and the alarm brings it back. */
const SLEEP_IN_WORKER_MS = 30_000;
/** Chrome fires an alarm no sooner than 30 s from now, and repeats it no more often than every minute. */
const ALARM_SOONEST_MS = 30_000;
const ALARM_PERIOD_MINUTES = 1;
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

/** What a lane did with one item: the run as it stood then (it may be gone since), the item taken, and how it ended. */
export type ItemSettledListener = (run: Run, claim: Claim, outcome: Outcome) => void;
const itemListeners = new Set<ItemSettledListener>();
/** Lets the queued creates tell each outcome without the engine knowing them. */
export function onItemSettled(listener: ItemSettledListener): () => void {
  itemListeners.add(listener);
  return () => itemListeners.delete(listener);
}

/** The runs the options page lists: the queued creates are its queue, and the checks of watched pages its watches, not runs. */
export const readRunViews = async (): Promise<RunView[]> => (await runs.read()).filter((run) => !run.queued && !run.watch).map(runView);

/**
 * The most items one run holds: each is kept in local storage (about 100 bytes), which the
 * browser limits to 10 MB for all the extension's items.
 */
export const MAX_RUN_ITEMS = 20_000;

/** Pages the popup is making a report of: no run sends them a create too. */
async function createsOutsideRuns(service: string | null, defaultId: string | null): Promise<Set<string>> {
  const jobs = Object.values(await reportJobs.read());
  return new Set(jobs.flatMap((job) => (job.state === 'running' && (job.service ?? defaultId) === service ? [pageKey(job.url)] : [])));
}

/** The runs of `service`, with `defaultId` the service of a run that names none: what one service has under way is never another's. */
const runsOf = (list: readonly Run[], service: string | null, defaultId: string | null) =>
  list.filter((run) => (run.service ?? defaultId) === service);

/** Every page a create is sent or to be sent for now on `service` (absent: the default), by its key (`pageKey`). */
export async function createsUnderWay(service?: string | null): Promise<Set<string>> {
  const defaultId = await readDefaultServiceId();
  const serviceId = service ?? defaultId;
  const [list, outside] = await Promise.all([runs.read(), createsOutsideRuns(serviceId, defaultId)]);
  return new Set([...keysUnderWay(runsOf(list, serviceId, defaultId), 'create'), ...outside]);
}

/**
 * Adds a run of `action` on the targets and sets it going. What another run (a queued create among
 * them) or, for a create, the popup already sends is left out and counted; `run` is null when that is
 * all of it. `shape` gives the new run what a queued create adds; `matched` is how many targets were
 * asked for, when reading them stopped short of all (lib/background/runs/matching-reports.ts);
 * `alsoUnderWay` names pages the caller found under way earlier, whose create may have ended since.
 */
export async function addRun(
  action: RunAction,
  targets: readonly RunTarget[],
  privacy?: 0 | 1,
  {
    matched = targets.length,
    shape = (run) => run,
    alsoUnderWay = new Set(),
    service,
  }: { matched?: number; shape?: (run: Run) => Run; alsoUnderWay?: ReadonlySet<string>; service?: string | null } = {},
): Promise<{ run: RunView | null; underWay: number; id: string | null }> {
  if (targets.length === 0) throw new ApiError({ kind: 'validation', message: t('runNothing') });
  if (matched > MAX_RUN_ITEMS) {
    throw new ApiError({
      kind: 'validation',
      message: t('runTooBig', { title: runTitle(action, matched, privacy ?? null), max: MAX_RUN_ITEMS }),
    });
  }
  // The run keeps the service it was started for: its items never go to another.
  const defaultId = await readDefaultServiceId();
  const serviceId = service ?? defaultId;
  const outside = action === 'create' ? await createsOutsideRuns(serviceId, defaultId) : new Set<string>();
  const ofService = (run: Run): Run => (serviceId ? { ...run, service: serviceId } : run);
  let added: Run | null = null;
  // Read and written in one change of the stored runs: a second click's run sees the first one's items.
  await runs.update((list) => {
    const run = shape(
      ofService(
        newRun(
          crypto.randomUUID(),
          action,
          targets,
          privacy,
          Date.now(),
          new Set([...keysUnderWay(runsOf(list, serviceId, defaultId), action), ...outside, ...alsoUnderWay]),
        ),
      ),
    );
    added = run;
    if (run.items.length === 0) return list;
    const finished = list.filter((r) => r.state === 'finished');
    const dropped = new Set(finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED + 1)).map((r) => r.id));
    return [...list.filter((r) => !dropped.has(r.id)), run];
  });
  const run = added as Run | null;
  if (!run || run.items.length === 0) return { run: null, underWay: run?.alreadyUnderWay ?? 0, id: null };
  // A run that must wait first (a queued create) only needs the alarm.
  const wake = nextWake([run]);
  if (wake !== null && wake <= Date.now()) void driveRuns();
  else void scheduleWork();
  return { run: runView(run), underWay: run.alreadyUnderWay ?? 0, id: run.id };
}

/** A run the user asked for in a page: when all of it is under way already, the page says so. */
export async function startRun(
  action: RunAction,
  targets: readonly RunTarget[],
  privacy?: 0 | 1,
  matched = targets.length,
  service?: string | null,
): Promise<RunView> {
  const { run } = await addRun(action, targets, privacy, { matched, service });
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
  const sent = (item: Run['items'][number]) => ({ ...item, sentAt, firstSentAt: item.firstSentAt ?? sentAt });
  await runs.update((list) =>
    list.map((run) => (run.id === taken.runId ? { ...run, items: run.items.map((item, i) => (i === taken.index ? sent(item) : item)) } : run)),
  );
}

async function lane(): Promise<void> {
  for (let taken = await claim(); taken; taken = await claim()) {
    const service = taken.service;
    const outcome = await workOn(taken, taken.waits, { connection: () => connectedApi({}, service), markSent });
    let finished: Run | null = null;
    let settledRun: Run | undefined;
    await runs.update((list) => {
      const settled = settleItem(list, taken, outcome, Date.now());
      finished = settled.finished;
      settledRun = settled.runs.find((run) => run.id === taken.runId);
      // A queued create that ended, or a watch's check that ended or stopped, is gone; a run stays for the panel.
      const gone = settled.finished?.queued || (settledRun?.watch !== undefined && settledRun.state !== 'running');
      return gone ? settled.runs.filter((run) => run.id !== taken.runId) : settled.runs;
    });
    if (settledRun) for (const listener of itemListeners) listener(settledRun, taken, outcome);
    const ended = finished as Run | null;
    if (ended && !ended.queued && !ended.watch) for (const listener of endListeners) listener(ended);
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
        // The alarm is set while the lanes go, not before them: the first items leave at once.
        const guarded = schedule(true);
        await Promise.all(Array.from({ length: LANES }, lane));
        await guarded;
        const wake = nextWake(await runs.read());
        if (wake !== null && wake - Date.now() <= SLEEP_IN_WORKER_MS) {
          await sleepUntil(wake);
          again = true;
        } else {
          // Asked to go on meanwhile (`again`), the loop goes round once more.
          await schedule(false);
        }
      }
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

/** Other work that needs a stopped worker back: when it next does (null: no more), and what to do then. */
export interface Waker {
  next: () => Promise<number | null>;
  wake: () => void;
}
const wakers = new Set<Waker>();

/**
 * The alarm is set for the earliest time any work needs the worker, then repeats every minute
 * until that work is done: a worker stopped mid-send is brought back. None is left once nothing waits.
 */
async function schedule(driveGoesOn: boolean): Promise<void> {
  const now = Date.now();
  const times = [
    driveGoesOn ? now + ALARM_PERIOD_MINUTES * 60_000 : nextWake(await runs.read()),
    ...(await Promise.all([...wakers].map((waker) => waker.next().catch(() => null)))),
  ].filter((time): time is number => time !== null);
  if (times.length === 0) await browser.alarms.clear(ALARM);
  else await browser.alarms.create(ALARM, { when: Math.max(Math.min(...times), now + ALARM_SOONEST_MS), periodInMinutes: ALARM_PERIOD_MINUTES });
}

/** Has the one alarm wake `waker` too. Call once, synchronously, when the worker starts; `scheduleWork` after its need changed. */
export function wakeAlso(waker: Waker): void {
  wakers.add(waker);
}

/** Sets the alarm again after other work's need of it changed (a drive sets it by itself). */
export function scheduleWork(): Promise<void> {
  return driving ? Promise.resolve() : schedule(false);
}

/** Call once, synchronously, when the worker starts: a run a stopped worker left goes on. */
export function registerRuns(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== ALARM) return;
    void driveRuns();
    for (const waker of wakers) waker.wake();
  });
  runs.watch(() => {
    if (driving) wake();
  });
  afterStart(driveRuns);
}
