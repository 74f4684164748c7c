import { browser } from 'wxt/browser';
import type { Report } from '@/lib/api';
import { asApiError, errorForPages, isServiceAway, type ApiErrorData } from '@/lib/api/errors';
import { connectedApi } from '@/lib/background/connection';
import { AUDIT_MAX_MS, findMadeFor, onJobChange, startReport } from '@/lib/background/report-jobs';
import type { QueuedReport } from '@/lib/protocol';
import { samePage } from '@/lib/shared/page-address';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { reportQueue } from '@/lib/storage';

/**
 * Reports asked for while the service could not be reached, made when it is
 * back. Retried on an alarm (1 minute, doubling to 30), at once when the
 * browser comes back online, respecting Retry-After; given up after 7 days.
 *
 * A create that may have reached the service is never sent twice: before any
 * retry the queue looks for a report of the address made since the first send
 * (by the service's clock, with the same privacy) and adopts it; and after a
 * send whose fate is unknown it waits as long as an audit may take before
 * asking again.
 */

const ALARM = 'report-queue';
const FIRST_WAIT_MS = 60_000;
const MAX_WAIT_MS = 30 * 60_000;
export const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60_000;

/** What happened to a queued report, for the notifications (lib/background/toolbar). */
export type QueueOutcome =
  | { kind: 'queued'; entry: QueuedReport }
  | { kind: 'made'; entry: QueuedReport; report: Report; adopted: boolean }
  | { kind: 'failed'; entry: QueuedReport; error: ApiErrorData }
  | { kind: 'gave-up'; entry: QueuedReport };
const listeners = new Set<(outcome: QueueOutcome) => void>();
export function onQueueOutcome(listener: (outcome: QueueOutcome) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const tell = (outcome: QueueOutcome) => listeners.forEach((listener) => listener(outcome));

/** The wait after `attempts` tries: 1 minute, doubling, at most 30. */
function backoff(attempts: number): number {
  return Math.min(FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1), MAX_WAIT_MS);
}

/** The earliest next try: after the backoff and any Retry-After, and never while a send of unknown fate may still be audited. */
function nextTry(entry: QueuedReport, now: number, error: ApiErrorData | null): number {
  const retryAfter = (error?.retryAfterSeconds ?? 0) * 1000;
  const unknownFate = entry.lastSentAt === null ? 0 : entry.lastSentAt + AUDIT_MAX_MS;
  return Math.max(now + Math.max(backoff(entry.attempts), retryAfter), unknownFate);
}

async function schedule(): Promise<void> {
  const queue = await reportQueue.read();
  if (queue.length === 0) {
    await browser.alarms.clear(ALARM);
    return;
  }
  const when = Math.min(...queue.map((entry) => entry.nextTryAt));
  // Chrome fires alarms no sooner than 30 s from now.
  await browser.alarms.create(ALARM, { when: Math.max(when, Date.now() + 30_000) });
}

export const readQueue = () => reportQueue.read();

export async function queuedFor(url: string): Promise<QueuedReport | null> {
  return (await reportQueue.read()).find((entry) => samePage(entry.url, url)) ?? null;
}

/**
 * Queues a report that failed because the service was away. The same address
 * asked again joins its entry (with the privacy asked last). `sentAt`: when
 * the create that failed was sent; `reached`: whether it may have reached the
 * service (false only when the browser was offline).
 */
export async function queueReport(request: { url: string; privacy: 0 | 1; sentAt: number; reached?: boolean }, error: ApiErrorData | null = null) {
  const now = Date.now();
  const lastSentAt = request.reached === false ? null : request.sentAt;
  let queued: QueuedReport | undefined;
  await reportQueue.update((queue) => {
    const known = queue.find((entry) => samePage(entry.url, request.url));
    const base: QueuedReport = known
      ? { ...known, privacy: request.privacy, lastSentAt: lastSentAt ?? known.lastSentAt, lastError: error }
      : {
          url: request.url,
          privacy: request.privacy,
          queuedAt: now,
          firstSentAt: request.sentAt,
          lastSentAt,
          attempts: 1,
          nextTryAt: now,
          lastError: error,
        };
    queued = { ...base, nextTryAt: nextTry(base, now, error) };
    return [...queue.filter((entry) => entry !== known), queued];
  });
  await schedule();
  if (queued) tell({ kind: 'queued', entry: queued });
  return queued!;
}

export async function cancelQueued(url: string): Promise<null> {
  await reportQueue.update((queue) => queue.filter((entry) => !samePage(entry.url, url)));
  await schedule();
  return null;
}

/** One entry's turn: adopt what the service already made, or send the create, or wait again. */
async function tryEntry(entry: QueuedReport): Promise<QueuedReport | null> {
  const now = Date.now();
  if (now - entry.queuedAt > GIVE_UP_AFTER_MS) {
    tell({ kind: 'gave-up', entry });
    return null;
  }
  let sentAt: number | null = null;
  try {
    const connection = await connectedApi();
    const made = await findMadeFor(connection.api, { url: entry.url, privacy: entry.privacy, startedAt: entry.firstSentAt });
    if (made) {
      tell({ kind: 'made', entry, report: made, adopted: true });
      return null;
    }
    sentAt = Date.now();
    const report = await startReport(connection, { url: entry.url, privacy: entry.privacy });
    tell({ kind: 'made', entry, report, adopted: false });
    return null;
  } catch (caught) {
    const error = errorForPages(asApiError(caught));
    if (!isServiceAway(error) && error.kind !== 'rate-limited' && error.kind !== 'not-connected' && error.kind !== 'permission-missing') {
      tell({ kind: 'failed', entry, error });
      return null;
    }
    // Still away (or not connected yet, or asked to slow down): try again later.
    const waiting: QueuedReport = { ...entry, attempts: entry.attempts + 1, lastError: error, lastSentAt: sentAt ?? entry.lastSentAt };
    return { ...waiting, nextTryAt: nextTry(waiting, Date.now(), error) };
  }
}

const drains = createSerialQueue();

/** Tries the entries whose turn has come (all of them when `now` is forced), one drain at a time. */
export function drainQueue(force = false): Promise<QueuedReport[]> {
  return drains(async () => {
    const due = (await reportQueue.read()).filter((entry) => force || entry.nextTryAt <= Date.now());
    for (const entry of due) {
      const next = await tryEntry(entry);
      await reportQueue.update((queue) =>
        next ? queue.map((item) => (samePage(item.url, entry.url) ? next : item)) : queue.filter((item) => !samePage(item.url, entry.url)),
      );
    }
    await schedule();
    return reportQueue.read();
  });
}

/** Call once, synchronously, when the worker starts. */
export function registerReportQueue(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void drainQueue();
  });
  // Back online: what waited for the network is tried at once (a send of unknown fate still waits its audit time).
  globalThis.addEventListener?.('online', () => {
    void reportQueue
      .update((queue) => queue.map((entry) => ({ ...entry, nextTryAt: entry.lastSentAt === null ? Date.now() : entry.nextTryAt })))
      .then(() => drainQueue());
  });
  // A report made some other way (the popup, the menu) answers a queued ask for the same address.
  onJobChange((job) => {
    if (job.state === 'done') void cancelQueued(job.url);
  });
  void drainQueue();
}
