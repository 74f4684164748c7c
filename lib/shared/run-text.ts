import { t, tn } from '@/lib/shared/i18n';

/**
 * What the runs of many reports say, in one place (the options page's runs panel, the badge's
 * notification, the reports manager's buttons), from the catalogue in the UI language. Counts go
 * through `tn` (the language's plural rules), never `n === 1`.
 */

export type RunActionName = 'create' | 'delete' | 'regenerate' | 'privacy';

/** "1 report", "1,201 reports": the count written for people, with the right form of the noun. */
export const reportsCount = (n: number) => tn('runReports', n);
export const addressesCount = (n: number) => tn('runAddresses', n);
export const tabsCount = (n: number) => tn('runTabs', n);

/** The run's name in the panel and the notification: "Delete 1,201 reports", "Make 3 reports Private". */
export function runTitle(action: RunActionName, total: number, privacy: 0 | 1 | null): string {
  if (action === 'create') return t('runTitleCreate', { addresses: addressesCount(total) });
  if (action === 'delete') return t('runTitleDelete', { reports: reportsCount(total) });
  if (action === 'regenerate') return t('runTitleRegenerate', { reports: reportsCount(total) });
  return t('runTitlePrivacy', { reports: reportsCount(total), privacy: privacy === 0 ? t('privacyPublic') : t('privacyPrivate') });
}

/** The button that starts a bulk action on the selection. */
export function bulkButtonText(choice: 'delete' | 'regenerate' | 'public' | 'private'): string {
  if (choice === 'delete') return t('actionDelete');
  if (choice === 'regenerate') return t('actionRegenerate');
  return choice === 'public' ? t('bulkPublic') : t('bulkPrivate');
}

export interface RunCounts {
  action: RunActionName;
  state: 'running' | 'stopped' | 'finished';
  stopReason: string | null;
  total: number;
  done: number;
  alreadyGone: number;
  alreadyUnderWay: number;
  left: number;
  failed: readonly unknown[];
}

const DONE = {
  create: (done: number, reports: string) => t('runDoneCreate', { done, reports }),
  delete: (done: number, reports: string) => t('runDoneDelete', { done, reports }),
  regenerate: (done: number, reports: string) => t('runDoneRegenerate', { done, reports }),
  privacy: (done: number, reports: string) => t('runDonePrivacy', { done, reports }),
} satisfies Record<RunActionName, (done: number, reports: string) => string>;

/** One sentence for the panel, the live region and the notification, e.g. "Deleted 1,199 reports. 2 failed." */
export function runSummary(run: RunCounts): string {
  const parts = [DONE[run.action](run.done, reportsCount(run.total))];
  if (run.alreadyGone > 0) parts.push(tn('runGone', run.alreadyGone));
  if (run.alreadyUnderWay > 0) parts.push(tn('runUnderWay', run.alreadyUnderWay));
  if (run.failed.length > 0) parts.push(tn('runFailedCount', run.failed.length));
  if (run.left > 0) {
    if (run.state !== 'stopped') parts.push(tn('runLeft', run.left));
    else if (run.stopReason) parts.push(tn('runLeftStoppedBy', run.left, { reason: run.stopReason }));
    else parts.push(tn('runLeftStopped', run.left));
  }
  return parts.join(' ');
}

/** The run's state in a word or two, for the panel. */
export function runStateText(run: { state: RunCounts['state']; waitUntil: number | null }, now: number): string {
  if (run.state === 'finished') return t('runFinished');
  if (run.state === 'stopped') return t('runStopped');
  if (run.waitUntil !== null && run.waitUntil > now) return tn('runWaiting', Math.ceil((run.waitUntil - now) / 1000));
  return t('runRunning');
}

/** Why items of a run were not sent: the service asked to slow down, or could not be reached. */
export const runWaitRateLimited = () => t('runWaitRateLimited');
export const runWaitServiceAway = () => t('runWaitAway');

/** Why a pasted list may be refused in part: fewer reports left this month than addresses. */
export function quotaWarning(addresses: number, perMonth: number, madeThisMonth: number): string | null {
  const left = Math.max(0, perMonth - madeThisMonth);
  if (addresses <= left) return null;
  return `${tn('quotaPlan', perMonth, { made: madeThisMonth })} ${tn('quotaRefuse', addresses, { left, refused: addresses - left })}`;
}

/** "a, b and c" in the UI language's words (the English list has no comma before "and"). */
function listOf(parts: string[]): string {
  if (parts.length < 2) return parts[0] ?? '';
  return t('listAnd', { items: parts.slice(0, -1).join(`${t('listComma')} `), last: parts.at(-1)! });
}

/** What a report of every tab left out, e.g. "Skipped 1 browser page and 1 duplicate." */
export function tabsSkippedText(skipped: { unsupported: number; duplicates: number; recent: number; underWay: number }): string {
  const parts = [
    skipped.unsupported > 0 ? tn('skippedUnsupported', skipped.unsupported) : null,
    skipped.duplicates > 0 ? tn('skippedDuplicates', skipped.duplicates) : null,
    skipped.recent > 0 ? tn('skippedRecent', skipped.recent) : null,
    skipped.underWay > 0 ? tn('skippedUnderWay', skipped.underWay) : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? '' : t('tabsSkipped', { list: listOf(parts) });
}
