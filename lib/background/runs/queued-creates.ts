import type { Report } from '@/lib/api';
import { afterStart } from '@/lib/background/start-work';
import { ApiError, type ApiErrorData } from '@/lib/api/errors';
import { announce } from '@/lib/background/connection';
import { onJobChange } from '@/lib/background/report-jobs';
import { shownServiceName } from '@/lib/background/service-list';
import { AUDIT_MAX_MS, QUEUED_PACE, retryWaitMs } from '@/lib/background/runs/retry-policy';
import { addRun, driveRuns, onItemSettled } from '@/lib/background/runs/run-engine';
import type { Claim, Outcome } from '@/lib/background/runs/run-state';
import type { QueuedReport, Run, RunItem } from '@/lib/protocol';
import { pageKey } from '@/lib/shared/page-address';
import { readDefaultServiceId, readServiceList, runs } from '@/lib/storage';
import { t } from '@/lib/shared/i18n';

/**
 * Reports asked for while the service could not be reached, made when it is back: each is a run
 * of one create (`queued`) in the engine, so it shares its lanes, its retry policy and its alarm,
 * and no other run sends its page a create meanwhile. Tried every minute at first, every 30 at
 * most, at once when the browser comes back online; given up after 7 days.
 */

/** What happened to a queued report, for the notifications (lib/background/toolbar). */
export type QueueOutcome =
  | { kind: 'queued'; entry: QueuedReport }
  | { kind: 'made'; entry: QueuedReport; report: Report; adopted: boolean; service?: string }
  | { kind: 'failed'; entry: QueuedReport; error: ApiErrorData }
  | { kind: 'gave-up'; entry: QueuedReport };
const listeners = new Set<(outcome: QueueOutcome) => void>();
let followingEngine = false;
/** Follows what becomes of each queued report; the engine's outcomes are read from the first listener on. */
export function onQueueOutcome(listener: (outcome: QueueOutcome) => void): () => void {
  if (!followingEngine) {
    followingEngine = true;
    onItemSettled(tellOutcome);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const tell = (outcome: QueueOutcome) => listeners.forEach((listener) => listener(outcome));

function tellOutcome(run: Run, claim: Claim, outcome: Outcome): void {
  const entry = queuedView(run);
  if (!entry || claim.queuedAt === undefined) return;
  if (outcome.kind === 'done' && outcome.report) {
    tell({ kind: 'made', entry, report: outcome.report, adopted: outcome.adopted ?? false, ...(run.service ? { service: run.service } : {}) });
  }
  if (outcome.kind === 'failed') tell(outcome.gaveUp ? { kind: 'gave-up', entry } : { kind: 'failed', entry, error: outcome.error });
}

/** A queued create as the popup and the options show it. */
function queuedView(run: Run): QueuedReport | null {
  const item = run.items[0];
  if (!run.queued || !item) return null;
  return {
    url: item.url,
    privacy: run.privacy ?? 1,
    queuedAt: run.createdAt,
    firstSentAt: item.firstSentAt ?? run.createdAt,
    lastSentAt: item.sentAt ?? null,
    attempts: run.waits,
    nextTryAt: Math.max(run.waitUntil ?? 0, item.checkAfter ?? 0),
    lastError: item.error ?? null,
  };
}

const waiting = (run: Run) => run.queued === true && run.state === 'running' && run.items.some((i) => i.state === 'pending' || i.state === 'sending');
const isOf = (run: Run, key: string) => run.items.some((item) => pageKey(item.url) === key);

/** Every queued report; each names its service when there are two or more, so one address may wait once for each. */
export async function readQueue(): Promise<QueuedReport[]> {
  const [all, services] = await Promise.all([runs.read(), readServiceList()]);
  return all.filter(waiting).flatMap((run) => {
    const entry = queuedView(run);
    if (!entry) return [];
    const id = run.service ?? services.defaultId;
    const name = shownServiceName(services, id);
    return [name === null || id === null ? entry : { ...entry, service: { id, name } }];
  });
}

/** The queued report of a page on `service` (absent: the default). */
export async function queuedFor(url: string, service?: string | null): Promise<QueuedReport | null> {
  const key = pageKey(url);
  const defaultId = await readDefaultServiceId();
  const wanted = service || defaultId;
  const run = (await runs.read()).find((r) => waiting(r) && isOf(r, key) && (r.service ?? defaultId) === wanted);
  return (run && queuedView(run)) ?? null;
}

/**
 * Queues a report that failed because the service was away. The same address asked again joins
 * its entry (with the privacy asked last). `sentAt`: when the create that failed was sent;
 * `reached`: whether it may have reached the service (false only when the browser was offline).
 */
export async function queueReport(
  request: { url: string; privacy: 0 | 1; sentAt: number; reached?: boolean; service?: string | null },
  error: ApiErrorData | null = null,
) {
  const now = Date.now();
  // Queued for the service it was meant for, and merged only with a queued create of the same service.
  const defaultId = await readDefaultServiceId();
  const service = request.service ?? defaultId;
  const sameService = (run: Run) => (run.service ?? defaultId) === service;
  const key = pageKey(request.url);
  const sent = request.reached === false ? undefined : request.sentAt;
  // The first wait after `waitsBefore` waits, and never while a send of unknown fate may still be audited.
  const until = (sentAt: number | undefined, waitsBefore: number) =>
    Math.max(now + retryWaitMs(error ?? { kind: 'network' }, waitsBefore, QUEUED_PACE), sentAt === undefined ? 0 : sentAt + AUDIT_MAX_MS);
  const item = (base: RunItem, sentAt: number | undefined): RunItem => ({
    url: base.url,
    state: 'pending',
    firstSentAt: base.firstSentAt ?? request.sentAt,
    ...(sentAt !== undefined ? { sentAt } : {}),
    ...(error ? { error } : {}),
  });
  let id: string | null = null;
  await runs.update((list) =>
    list.map((run) => {
      const [known] = run.items;
      if (id !== null || !known || known.state !== 'pending' || !waiting(run) || !isOf(run, key) || !sameService(run)) return run;
      id = run.id;
      const sentAt = sent ?? known.sentAt;
      return { ...run, privacy: request.privacy, waitUntil: until(sentAt, run.waits - 1), items: [item(known, sentAt)] };
    }),
  );
  if (id === null) {
    const added = await addRun('create', [{ url: request.url }], request.privacy, {
      service,
      shape: (run) => ({
        ...run,
        queued: true,
        waits: 1,
        waitUntil: until(sent, 0),
        items: run.items.map((base) => item(base, sent)),
      }),
    });
    id = added.id;
  }
  const run = (await runs.read()).find((r) => r.id === id);
  const entry = run && queuedView(run);
  // Another run sends this page a create already: it is not queued twice.
  if (!entry) throw new ApiError({ kind: 'validation', message: t('runAllUnderWay') });
  tell({ kind: 'queued', entry });
  return entry;
}

/**
 * Drops the queued report of a page; `unlessSending`: leaves one being sent now, whose outcome is still told;
 * `service`: only the one queued for that service.
 */
async function dropQueued(url: string, unlessSending = false, service?: string): Promise<null> {
  const key = pageKey(url);
  const defaultId = service === undefined ? null : await readDefaultServiceId();
  const ofService = (run: Run) => service === undefined || (run.service ?? defaultId) === service;
  const drop = (run: Run) =>
    run.queued === true && isOf(run, key) && ofService(run) && !(unlessSending && run.items.some((i) => i.state === 'sending'));
  // Read first: every report made asks this, and a write would wake every watcher of the runs for nothing.
  if ((await runs.read()).some(drop)) await runs.update((list) => list.filter((run) => !drop(run)));
  return null;
}
/** Cancels the queued report of a page on `service` (null: the default), or on every service (undefined). */
export async function cancelQueued(url: string, service?: string | null): Promise<null> {
  return dropQueued(url, false, service === null ? ((await readDefaultServiceId()) ?? undefined) : service);
}

/** How long "Try now" waits for every queued report to have been tried once. */
const TRY_NOW_MOST_MS = 120_000;

/**
 * "Try now": every queued report is tried at once, whatever its wait. The user asks, so a send of
 * unknown fate is not waited out: the report it may have made is looked for first, then it is sent.
 * Answers the queue once each was tried.
 */
export async function retryQueuedNow(): Promise<QueuedReport[]> {
  const ids = new Set<string>();
  const now = (item: RunItem): RunItem =>
    item.state !== 'pending'
      ? item
      : {
          url: item.url,
          state: 'pending',
          ...(item.firstSentAt !== undefined || item.sentAt !== undefined ? { firstSentAt: item.firstSentAt ?? item.sentAt } : {}),
          ...(item.error ? { error: item.error } : {}),
        };
  await runs.update((list) =>
    list.map((run) => {
      if (!waiting(run)) return run;
      ids.add(run.id);
      return { ...run, waitUntil: null, items: run.items.map(now) };
    }),
  );
  const tried = untilTried(ids);
  void driveRuns();
  await tried;
  return readQueue();
}

/** Resolves once each run was tried (and its outcome told), or is gone, or after TRY_NOW_MOST_MS. */
function untilTried(ids: Set<string>): Promise<void> {
  return new Promise((resolve) => {
    const stopFollowing = onItemSettled((run) => {
      ids.delete(run.id);
      if (ids.size === 0) done();
    });
    const stopWatching = runs.watch(() => void gone());
    const timer = setTimeout(done, TRY_NOW_MOST_MS);
    async function gone() {
      const list = await runs.read();
      for (const id of ids) if (!list.some((run) => run.id === id && waiting(run))) ids.delete(id);
      if (ids.size === 0) done();
    }
    function done() {
      stopFollowing();
      stopWatching();
      clearTimeout(timer);
      resolve();
    }
    if (ids.size === 0) done();
  });
}

/** A run of many writes at every item: the queue is read again at most this often while it does. */
const QUEUE_WATCH_MS = 250;

/** Calls back when the queue as shown changes (a report queued, tried, made or cancelled), not at every write of a run. */
export function watchQueue(callback: () => void): () => void {
  let shown: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = async (tell: boolean) => {
    const now = JSON.stringify(await readQueue());
    const changed = now !== shown;
    shown = now;
    if (tell && changed) callback();
  };
  // The queue as it stands is learnt once the worker's start is over; a change before that is told all the same.
  afterStart(() => check(false));
  const stop = runs.watch(() => {
    timer ??= setTimeout(() => {
      timer = null;
      void check(true);
    }, QUEUE_WATCH_MS);
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}

/** Call once, synchronously, when the worker starts. */
export function registerQueuedCreates(): void {
  // Back online: what waited for the network (never sent, and not asked to slow down) is tried at once.
  globalThis.addEventListener?.('online', () => {
    const offline = (run: Run) => waiting(run) && run.items.every((i) => i.sentAt === undefined && i.error?.kind !== 'rate-limited');
    void runs.update((list) => list.map((run) => (offline(run) ? { ...run, waitUntil: null } : run))).then(() => driveRuns());
  });
  // A report made some other way (the popup, the menu) answers a queued ask for the same address.
  onJobChange((job) => {
    if (job.state === 'done') void dropQueued(job.url, true, job.service);
  });
  watchQueue(() => announce('queue'));
}
