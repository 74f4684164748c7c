import { asApiError, errorForPages, isServiceAway, type ApiErrorKind } from '@/lib/api/errors';
import type { Connected } from '@/lib/background/alive-and-connected';
import { forgetCachedPages } from '@/lib/background/popup-cache';
import { forgetReportView } from '@/lib/background/report-cache';
import { findMadeFor } from '@/lib/background/address-reports';
import { AUDIT_MAX_MS, startReport } from '@/lib/background/report-jobs';
import type { Claim, Outcome } from '@/lib/background/runs/run-state';
import { runWaitRateLimited, runWaitServiceAway } from '@/lib/shared/run-text';
import { t } from '@/lib/shared/i18n';

/**
 * One item of a run, sent to the service: the create goes through the report
 * jobs (joined with a popup's create of the same page), the rest through the
 * API client. The answer becomes an Outcome for lib/background/runs/run-state.ts.
 */

/** Failures that will repeat for every item left: the run stops with the reason instead of failing them all. */
const STOPPING_KINDS: readonly ApiErrorKind[] = ['not-connected', 'permission-missing', 'unauthorized', 'interrupted', 'extension'];

/** Used when a 429 names no wait; each wait in a row doubles it, up to the maximum. */
const DEFAULT_WAIT_SECONDS = 10;
const MAX_WAIT_SECONDS = 300;
/** How often a create of unknown fate is looked for while the service may still be auditing it. */
const LOOK_AGAIN_MS = 15_000;

export interface WorkContext {
  connection: () => Promise<Connected>;
  /** Keeps when a create leaves, before it leaves: a worker stopped mid-answer must not send it again. */
  markSent: (claim: Claim, sentAt: number) => Promise<void>;
  now?: () => number;
}

/** What the item's answer, or failure, means for the run. `waits`: how many waits in a row the run already had. */
export function outcomeOfFailure(caught: unknown, claim: Claim, waits: number, sentAt?: number): Outcome {
  const error = errorForPages(asApiError(caught));
  // A send of unknown fate before this one stays unknown; this one's is unknown when the service went away or took too long.
  const unknownFate = claim.action === 'create' ? (claim.item.sentAt ?? undefined) : undefined;
  const thisSend = claim.action === 'create' ? (sentAt ?? unknownFate) : undefined;
  if (error.kind === 'rate-limited') {
    // The service's own Retry-After is its word: kept as is. Without one, the wait doubles while refusals go on.
    const seconds = error.retryAfterSeconds ?? Math.min(DEFAULT_WAIT_SECONDS * 2 ** waits, MAX_WAIT_SECONDS);
    // A refused create was not made, so it may simply be sent again.
    return {
      kind: 'wait',
      seconds: Math.max(1, seconds),
      reason: runWaitRateLimited(),
      ...(unknownFate !== undefined ? { sentAt: unknownFate } : {}),
    };
  }
  if (isServiceAway(error)) {
    const seconds = Math.max(error.retryAfterSeconds ?? 0, Math.min(30 * 2 ** waits, MAX_WAIT_SECONDS));
    // The create may have reached the service: its send time is kept, so it is looked for before any new send.
    return { kind: 'wait', seconds, reason: runWaitServiceAway(), ...(thisSend !== undefined ? { sentAt: thisSend } : {}) };
  }
  if (STOPPING_KINDS.includes(error.kind)) return { kind: 'stop', reason: error.message };
  if (error.kind === 'not-found' && claim.action === 'delete') return { kind: 'done', alreadyGone: true };
  return { kind: 'failed', error, ...(error.kind === 'timeout' && thisSend !== undefined ? { sentAt: thisSend } : {}) };
}

/** Sends one item, and answers what became of it. */
export async function workOn(claim: Claim, waits: number, context: WorkContext): Promise<Outcome> {
  const now = context.now ?? Date.now;
  let sentAt: number | undefined;
  try {
    const connection = await context.connection();
    const { api } = connection;
    const { item } = claim;
    if (claim.action === 'create') {
      const privacy = claim.privacy ?? 1;
      // Sent before (a worker stopped, or the service went away mid-answer): the report may exist already.
      if (item.sentAt !== undefined) {
        const made = await findMadeFor(api, { url: item.url, privacy, startedAt: item.sentAt });
        if (made) return { kind: 'done', reportId: made.id };
        if (now() - item.sentAt < AUDIT_MAX_MS) return { kind: 'look-later', checkAfter: now() + LOOK_AGAIN_MS };
      }
      sentAt = now();
      await context.markSent(claim, sentAt);
      const report = await startReport(connection, { url: item.url, privacy });
      return { kind: 'done', reportId: report.id };
    }
    const id = item.reportId;
    if (id === undefined) return { kind: 'failed', error: { kind: 'extension', message: t('runNoReport') } };
    if (claim.action === 'delete') await api.deleteReport({ id });
    else if (claim.action === 'regenerate') await api.updateReport({ id, regenerate: true });
    else await api.updateReport({ id, privacy: claim.privacy ?? 1 });
    // What the popup and the report view kept of this report is no longer true.
    await Promise.all([forgetReportView(id), forgetCachedPages()]);
    return { kind: 'done' };
  } catch (caught) {
    return outcomeOfFailure(caught, claim, waits, sentAt);
  }
}
