import type { Job } from '@/lib/protocol';
import type { PopupState } from '@/lib/popup/popup-state';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/**
 * What the popup's live region says when its report changes: started, done, failed, or waiting for the service.
 * `before`: the state last seen. What the popup shows on opening (a report made or queued while it was closed) is
 * not said.
 * Null when nothing worth saying changed.
 */
export function popupAnnouncement(before: PopupState, after: PopupState): string | null {
  if (after.phase !== 'ready' || before.phase !== 'ready') return null;
  // The background's first answer on opening: what it shows was there before the popup opened, not news.
  if (!before.fresh && after.fresh) return null;
  if (after.job && jobKey(after.job) !== jobKey(before.job)) return jobWords(after.job);
  if (after.queued && !before.queued) return t('popToldQueued');
  return null;
}

const jobKey = (job: Job | null) => (job ? `${job.state}:${job.startedAt}` : '');

function jobWords(job: Job): string {
  if (job.state === 'running') return t('popToldStarted', { address: job.url.replace(/^https?:\/\//, '') });
  if (job.state === 'failed') return t('popToldFailed', { reason: job.error.message });
  const { score, privacy } = job.report;
  return score === null
    ? t('popToldDoneNoScore', { privacy: PRIVACY_TEXT[privacy] })
    : t('popToldDone', { score: Math.round(score), privacy: PRIVACY_TEXT[privacy] });
}
