import type { BulkDeleteProgress, BulkDeleteSummary } from '@/lib/options/bulk-delete';

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
