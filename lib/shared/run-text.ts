/**
 * What the runs of many reports say, in one place (the options page's runs panel, the badge's
 * notification, the reports manager's buttons), so the sentences can move to `_locales`
 * catalogues as they are. Counts go through Intl.PluralRules, never `n === 1`.
 */

export type RunActionName = 'create' | 'delete' | 'regenerate' | 'privacy';

const plurals = new Intl.PluralRules('en');
const numbers = new Intl.NumberFormat('en');

/** "1 report", "1,201 reports": the count written for people, with the right form of the noun. */
export function countOf(n: number, forms: { one: string; other: string }): string {
  const form = plurals.select(n) === 'one' ? forms.one : forms.other;
  return `${numbers.format(n)} ${form}`;
}

export const reportsCount = (n: number) => countOf(n, { one: 'report', other: 'reports' });
export const addressesCount = (n: number) => countOf(n, { one: 'address', other: 'addresses' });
export const tabsCount = (n: number) => countOf(n, { one: 'tab', other: 'tabs' });

const PRIVACY_WORD: Record<0 | 1, string> = { 0: 'Public', 1: 'Private' };

/** The run's name in the panel and the notification: "Delete 1,201 reports", "Make 3 reports Private". */
export function runTitle(action: RunActionName, total: number, privacy: 0 | 1 | null): string {
  if (action === 'create') return `Report ${addressesCount(total)}`;
  if (action === 'delete') return `Delete ${reportsCount(total)}`;
  if (action === 'regenerate') return `Regenerate ${reportsCount(total)}`;
  return `Make ${reportsCount(total)} ${PRIVACY_WORD[privacy ?? 1]}`;
}

/** The button that starts a bulk action on the selection. */
export const BULK_BUTTON_TEXT: Record<'delete' | 'regenerate' | 'public' | 'private', string> = {
  delete: 'Delete',
  regenerate: 'Regenerate',
  public: 'Make public',
  private: 'Make private',
};

export interface RunCounts {
  action: RunActionName;
  state: 'running' | 'stopped' | 'finished';
  stopReason: string | null;
  total: number;
  done: number;
  alreadyGone: number;
  left: number;
  failed: readonly unknown[];
}

const PAST: Record<RunActionName, string> = { create: 'Made', delete: 'Deleted', regenerate: 'Regenerated', privacy: 'Changed' };

/** One sentence for the panel, the live region and the notification, e.g. "Deleted 1,199 reports. 2 failed." */
export function runSummary(run: RunCounts): string {
  const parts = [`${PAST[run.action]} ${numbers.format(run.done)} of ${reportsCount(run.total)}.`];
  if (run.alreadyGone > 0)
    parts.push(`${numbers.format(run.alreadyGone)} ${plurals.select(run.alreadyGone) === 'one' ? 'was' : 'were'} already gone.`);
  if (run.failed.length > 0) parts.push(`${numbers.format(run.failed.length)} failed.`);
  if (run.left > 0) {
    const why = run.state === 'stopped' ? (run.stopReason ? ` because the run stopped: ${run.stopReason}` : ' because you stopped the run') : '';
    parts.push(`${numbers.format(run.left)} left${why}.`);
  }
  return parts.join(' ');
}

/** The run's state in a word or two, for the panel. */
export function runStateText(run: { state: RunCounts['state']; waitUntil: number | null }, now: number): string {
  if (run.state === 'finished') return 'Finished';
  if (run.state === 'stopped') return 'Stopped';
  if (run.waitUntil !== null && run.waitUntil > now) {
    const seconds = Math.ceil((run.waitUntil - now) / 1000);
    return `Waiting ${countOf(seconds, { one: 'second', other: 'seconds' })} for the service`;
  }
  return 'Running';
}

/** Why items of a run were not sent: the service asked to slow down, or could not be reached. */
export const RUN_WAIT_RATE_LIMITED = 'The service asked to slow down; the run goes on by itself.';
export const RUN_WAIT_SERVICE_AWAY = 'The service cannot be reached; the run goes on when it is back.';

/** The notification's title when a run ends. */
export const RUN_DONE_TITLE = 'Finished in the background';

/** Why a pasted list may be refused in part: fewer reports left this month than addresses. */
export function quotaWarning(addresses: number, perMonth: number, madeThisMonth: number): string | null {
  const left = Math.max(0, perMonth - madeThisMonth);
  if (addresses <= left) return null;
  return (
    `Your plan allows ${reportsCount(perMonth)} a month and the service lists ${numbers.format(madeThisMonth)} made this month, ` +
    `so at most ${numbers.format(left)} of these ${addressesCount(addresses)} can be reported: the service will refuse the other ${numbers.format(addresses - left)}.`
  );
}

/** What a report of every tab left out, e.g. "Skipped 1 browser page and 1 duplicate." */
export function tabsSkippedText(skipped: { unsupported: number; duplicates: number; recent: number }): string {
  const parts = [
    skipped.unsupported > 0 ? countOf(skipped.unsupported, { one: 'page that cannot be reported', other: 'pages that cannot be reported' }) : null,
    skipped.duplicates > 0 ? countOf(skipped.duplicates, { one: 'duplicate', other: 'duplicates' }) : null,
    skipped.recent > 0
      ? countOf(skipped.recent, { one: 'page reported in the last 10 minutes', other: 'pages reported in the last 10 minutes' })
      : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Skipped ${list}.`;
}
