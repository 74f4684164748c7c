import { asApiError, errorForPages, isServiceAway } from '@/lib/api/errors';
import { connectedApi } from '@/lib/background/connection';
import { cutOffJobs, onJobChange, startReport, waitForJob } from '@/lib/background/report-jobs';
import { onQueueOutcome, queueReport, type QueueOutcome } from '@/lib/background/runs/queued-creates';
import { scheduleWork, wakeAlso } from '@/lib/background/runs/run-engine';
import type { Job } from '@/lib/protocol';
import { checkReportable } from '@/lib/shared/page-address';
import type { Privacy } from '@/lib/shared/privacy';
import { readPreferences, reportJobs } from '@/lib/storage';
import {
  failureNotification,
  queuedNotification,
  showNotification,
  successNotification,
  unreportableNotification,
  type NotificationContent,
} from '@/lib/background/toolbar/notifications';
import { t } from '@/lib/shared/i18n';
import { afterStart } from '@/lib/background/start-work';

/**
 * Reporting a page from the right-click menu or a keyboard shortcut: there is
 * no popup to show the outcome, so it arrives as a notification. The job
 * itself is the same one the popup uses, so a popup opened on that page later
 * shows it too. When the service cannot be reached the report is queued
 * (lib/background/runs/queued-creates.ts) and made when it is back.
 */

/** A password cannot be asked for from a menu or a shortcut, so a password default becomes private. */
export function toolbarPrivacy(defaultPrivacy: Privacy): 0 | 1 {
  return defaultPrivacy === 2 ? 1 : defaultPrivacy;
}

/** While a job it must tell about runs, the engine's alarm wakes the worker every minute: one stopped mid-audit is then settled and told. */
const JOB_WAKE_MS = 60_000;

async function outcome(address: string | undefined, service: string | null): Promise<NotificationContent | null> {
  const reportable = checkReportable(address);
  if (!reportable.ok) return unreportableNotification(reportable.reason);
  const privacy = toolbarPrivacy((await readPreferences()).defaultPrivacy);
  const sentAt = Date.now();
  try {
    const connection = await connectedApi({}, service);
    const report = await startReport(connection, { url: reportable.url, privacy }, true);
    return successNotification(report, service);
  } catch (error) {
    const data = errorForPages(asApiError(error, t('errorReportFailed')));
    if (!isServiceAway(data)) return failureNotification(data, reportable.url);
    // Its own notification comes from the queue.
    await queueReport({ url: reportable.url, privacy, sentAt, reached: globalThis.navigator?.onLine !== false, service }, data);
    return null;
  }
}

/**
 * Reports a page to `service` (null: the default) and tells the outcome in a notification. Answers the
 * notification's id, or null when the queue tells it.
 */
export async function reportWithoutPopup(address: string | undefined, service: string | null = null): Promise<string | null> {
  const content = await outcome(address, service);
  return content ? showNotification(content) : null;
}

async function tellQueueOutcome(change: QueueOutcome): Promise<void> {
  if (change.kind === 'queued' && change.entry.attempts === 1) await showNotification(queuedNotification(change.entry.url));
  if (change.kind === 'made') await showNotification({ ...successNotification(change.report, change.service), title: t('notifyQueuedCreated') });
  if (change.kind === 'failed') await showNotification(failureNotification(change.error, change.entry.url));
  if (change.kind === 'gave-up') {
    await showNotification(failureNotification({ kind: 'network', message: t('notifyGaveUp') }, change.entry.url));
  }
}

/** Tells the outcome of a job cut off by a stopped worker once it settles (the service may still have made it). */
async function settleCutOff(job: Job): Promise<void> {
  const api = await connectedApi({}, job.service)
    .then(({ api }) => api)
    .catch(() => null);
  const settled = await waitForJob(api, job.url, job.service);
  if (settled?.state === 'done') await showNotification(successNotification(settled.report, job.service));
  if (settled?.state === 'failed') await showNotification(failureNotification(settled.error, settled.url));
}

let settling: Promise<void> | null = null;
function settleCutOffJobs(): Promise<void> {
  settling ??= (async () => {
    const jobs = (await cutOffJobs()).filter((job) => job.notify);
    await Promise.all(jobs.map(settleCutOff));
    await scheduleWork();
  })().finally(() => (settling = null));
  return settling;
}

/** Call once, synchronously, when the worker starts. */
export function registerReportsWithoutPopup(): void {
  onQueueOutcome((change) => void tellQueueOutcome(change).catch(() => undefined));
  wakeAlso({
    next: async () => (Object.values(await reportJobs.read()).some((job) => job.state === 'running' && job.notify) ? Date.now() + JOB_WAKE_MS : null),
    wake: () => void settleCutOffJobs(),
  });
  // A job to tell about started, or one ended: the alarm follows.
  onJobChange(() => void scheduleWork());
  afterStart(settleCutOffJobs);
}
