import type { Job } from '@/lib/protocol';
import type { PopupState } from '@/lib/popup/popup-state';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/**
 * What the popup's live region says when its report changes: started, done, failed, or waiting for the service.
 * `before`: the state last seen, or null when the region has just appeared (what it shows then is said once).
 * Null when nothing worth saying changed.
 */
export function popupAnnouncement(before: PopupState | null, after: PopupState): string | null {
  if (after.phase !== 'ready') return null;
  const was = before?.phase === 'ready' ? before : null;
  if (after.job && jobKey(after.job) !== jobKey(was?.job ?? null)) return jobWords(after.job);
  if (after.queued && !was?.queued) return t('popToldQueued');
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
