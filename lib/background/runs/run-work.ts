import { asApiError, errorForPages, isServiceAway, type ApiErrorKind } from '@/lib/api/errors';
import { findMadeFor } from '@/lib/background/address-reports';
import type { Connected } from '@/lib/background/alive-and-connected';
import { forgetCachedPages } from '@/lib/background/popup-cache';
import { forgetReportView } from '@/lib/background/report-cache';
import { startReport } from '@/lib/background/report-jobs';
import type { Claim, Outcome } from '@/lib/background/runs/run-state';
import {
  AUDIT_MAX_MS,
  GIVE_UP_AFTER_MS,
  LOOK_AGAIN_MS,
  QUEUED_CREATE_WAITS_FOR,
  QUEUED_PACE,
  RUN_PACE,
  retryWaitMs,
} from '@/lib/background/runs/retry-policy';
import { runWaitRateLimited, runWaitServiceAway } from '@/lib/shared/run-text';
import { t } from '@/lib/shared/i18n';

/**
 * One item of a run, sent to the service: the create goes through the report
 * jobs (joined with a popup's create of the same page), the rest through the
 * API client. The answer becomes an Outcome for lib/background/runs/run-state.ts;
 * when to try again is lib/background/runs/retry-policy.ts's.
 */

/** Failures that will repeat for every item left: the run stops with the reason instead of failing them all. */
const STOPPING_KINDS: readonly ApiErrorKind[] = ['not-connected', 'permission-missing', 'unauthorized', 'interrupted', 'extension'];

export interface WorkContext {
  connection: () => Promise<Connected>;
  /** Keeps when a create leaves, before it leaves: a worker stopped mid-answer must not send it again. */
  markSent: (claim: Claim, sentAt: number) => Promise<void>;
  now?: () => number;
}

/** What the item's answer, or failure, means for the run. `waits`: how many waits in a row the run already had. */
export function outcomeOfFailure(caught: unknown, claim: Claim, waits: number, sentAt?: number): Outcome {
  const error = errorForPages(asApiError(caught));
  const queued = claim.queuedAt !== undefined;
  const pace = queued ? QUEUED_PACE : RUN_PACE;
  // A send of unknown fate before this one stays unknown; this one's is unknown when the service went away or took too long.
  const unknownFate = claim.action === 'create' ? (claim.item.sentAt ?? undefined) : undefined;
  const thisSend = claim.action === 'create' ? (sentAt ?? unknownFate) : undefined;
  const away = isServiceAway(error);
  if (error.kind === 'rate-limited' || away || (queued && QUEUED_CREATE_WAITS_FOR.includes(error.kind))) {
    const seconds = Math.max(1, retryWaitMs(error, waits, pace) / 1000);
    // A refused create was not made, so it may simply be sent again. One sent while the service went away may
    // have reached it: its send time is kept, so it is looked for before any new send.
    const kept = away ? thisSend : unknownFate;
    const reason = error.kind === 'rate-limited' ? runWaitRateLimited() : away ? runWaitServiceAway() : error.message;
    return { kind: 'wait', seconds, reason, error, ...(kept !== undefined ? { sentAt: kept } : {}) };
  }
  // A queued create has no run to stop: what would stop a run ends it, and a notification says why.
  if (!queued && STOPPING_KINDS.includes(error.kind)) return { kind: 'stop', reason: error.message };
  if (error.kind === 'not-found' && claim.action === 'delete') return { kind: 'done', alreadyGone: true };
  return { kind: 'failed', error, ...(error.kind === 'timeout' && thisSend !== undefined ? { sentAt: thisSend } : {}) };
}

/** Sends one item, and answers what became of it. */
export async function workOn(claim: Claim, waits: number, context: WorkContext): Promise<Outcome> {
  const now = context.now ?? Date.now;
  let sentAt: number | undefined;
  if (claim.queuedAt !== undefined && now() - claim.queuedAt > GIVE_UP_AFTER_MS) {
    return { kind: 'failed', error: { kind: 'network', message: t('notifyGaveUp') }, gaveUp: true };
  }
  try {
    const connection = await context.connection();
    const { api } = connection;
    const { item } = claim;
    if (claim.action === 'create') {
      const privacy = claim.privacy ?? 1;
      // Sent before (a worker stopped, or the service went away mid-answer): the report may exist already.
      const firstSent = item.firstSentAt ?? item.sentAt;
      if (firstSent !== undefined) {
        const made = await findMadeFor(api, { url: item.url, privacy, startedAt: firstSent });
        if (made) return { kind: 'done', reportId: made.id, report: made, adopted: true };
        if (item.sentAt !== undefined && now() - item.sentAt < AUDIT_MAX_MS) return { kind: 'look-later', checkAfter: now() + LOOK_AGAIN_MS };
      }
      sentAt = now();
      await context.markSent(claim, sentAt);
      const report = await startReport(connection, { url: item.url, privacy });
      return { kind: 'done', reportId: report.id, report, adopted: false };
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
