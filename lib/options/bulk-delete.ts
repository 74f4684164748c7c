import { type ApiErrorKind, asApiError } from '@/lib/api/errors';

/**
 * Deletes many reports one after another. Zod-free: it runs in the options
 * page, sending one `deleteReport` message per report.
 *
 * The API client already retries a rate-limited request a few times; when
 * the service still refuses, the run waits as long as it was told and tries
 * the same report again, so a slow-down never turns into a skipped report.
 * Every report ends up in exactly one list of the summary.
 */

export interface DeleteTarget {
  id: number;
  /** The address, to name the report in progress and summary text. */
  url: string;
}

export interface FailedDelete extends DeleteTarget {
  /** Plain words from the service or the extension, ready to show. */
  reason: string;
  kind: ApiErrorKind;
}

export interface BulkDeleteSummary {
  deleted: DeleteTarget[];
  /** Gone before the run reached them (deleted elsewhere): what the user wanted, so not a failure. */
  alreadyGone: DeleteTarget[];
  failed: FailedDelete[];
  /** Not tried because the run was cancelled or could not go on; `stopReason` says why. */
  notTried: DeleteTarget[];
  cancelled: boolean;
  stopReason: string | null;
}

export type BulkDeleteProgress =
  | { phase: 'deleting'; done: number; total: number; current: DeleteTarget }
  | { phase: 'waiting'; done: number; total: number; current: DeleteTarget; seconds: number; reason: string };

export interface BulkDeleteOptions {
  deleteOne: (id: number) => Promise<unknown>;
  /** Resolves after `ms`, or early when the signal aborts. Tests hand in a fake clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
  onProgress?: (progress: BulkDeleteProgress) => void;
  /** How often one report may be refused for the rate limit before it counts as failed. */
  maxWaitsPerReport?: number;
  /** Used when a rate-limited answer names no wait. */
  defaultWaitSeconds?: number;
  /** No single wait is longer, whatever the service says. */
  maxWaitSeconds?: number;
}

/** Failures that will repeat for every report left: going on would only fill the summary with the same words. */
const STOPPING_KINDS: readonly ApiErrorKind[] = ['not-connected', 'permission-missing', 'unauthorized', 'interrupted', 'extension'];

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runBulkDelete(targets: readonly DeleteTarget[], options: BulkDeleteOptions): Promise<BulkDeleteSummary> {
  const { deleteOne, signal, onProgress, sleep = abortableSleep } = options;
  const maxWaits = options.maxWaitsPerReport ?? 5;
  const defaultWait = options.defaultWaitSeconds ?? 10;
  const maxWait = options.maxWaitSeconds ?? 120;
  const summary: BulkDeleteSummary = { deleted: [], alreadyGone: [], failed: [], notTried: [], cancelled: false, stopReason: null };
  const total = targets.length;

  for (const [index, target] of targets.entries()) {
    if (signal?.aborted || summary.stopReason !== null) {
      summary.notTried.push(...targets.slice(index));
      break;
    }
    const done = summary.deleted.length + summary.alreadyGone.length + summary.failed.length;
    for (let waits = 0; ; waits++) {
      onProgress?.({ phase: 'deleting', done, total, current: target });
      try {
        await deleteOne(target.id);
        summary.deleted.push(target);
        break;
      } catch (caught) {
        const error = asApiError(caught);
        if (error.kind === 'rate-limited' && waits < maxWaits) {
          // Each refusal in a row doubles the wait: a service that keeps refusing is given ever more room.
          const seconds = Math.min(Math.max((error.retryAfterSeconds ?? defaultWait) * 2 ** waits, 1), maxWait);
          onProgress?.({ phase: 'waiting', done, total, current: target, seconds, reason: error.message });
          await sleep(seconds * 1000, signal);
          if (!signal?.aborted) continue;
          summary.notTried.push(target);
          break;
        }
        if (error.kind === 'not-found') summary.alreadyGone.push(target);
        else summary.failed.push({ ...target, reason: error.message, kind: error.kind });
        if (STOPPING_KINDS.includes(error.kind)) summary.stopReason = error.message;
        break;
      }
    }
  }
  summary.cancelled = summary.stopReason === null && summary.notTried.length > 0;
  return summary;
}

const reports = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

/** One sentence for the live region and the summary heading, e.g. "Deleted 23 reports. 2 could not be deleted." */
export function summaryHeadline(summary: BulkDeleteSummary): string {
  const parts: string[] = [];
  const removed = summary.deleted.length + summary.alreadyGone.length;
  parts.push(removed === 0 ? 'No report was deleted.' : `Deleted ${reports(removed)}.`);
  if (summary.alreadyGone.length > 0) {
    parts.push(`${summary.alreadyGone.length} of them ${summary.alreadyGone.length === 1 ? 'was' : 'were'} already gone.`);
  }
  if (summary.failed.length > 0) parts.push(`${reports(summary.failed.length)} could not be deleted.`);
  if (summary.notTried.length > 0) {
    const why = summary.cancelled ? 'you cancelled' : 'the run stopped';
    parts.push(`${reports(summary.notTried.length)} left as they were because ${why}.`);
  }
  return parts.join(' ');
}

/** What the progress line says while a run goes on. */
export function progressText(progress: BulkDeleteProgress): string {
  const position = `${progress.done} of ${progress.total} done`;
  if (progress.phase === 'waiting') {
    return `${position}. The service asked to slow down: waiting ${progress.seconds} s before going on with ${progress.current.url}.`;
  }
  return `${position}. Deleting ${progress.current.url}…`;
}
