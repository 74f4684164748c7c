import type { QueuedReport } from '@/lib/protocol';
import { exactTime, relativeTime } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/hooks';

/** The page waits in the queue for the service to be back: since when, the next try, and a way to cancel. */
export function QueuedNotice({ entry, onCancel }: { entry: QueuedReport; onCancel: () => void }) {
  const now = useNow(30_000);
  const since = new Date(entry.queuedAt).toISOString();
  const next = new Date(Math.max(entry.nextTryAt, now)).toISOString();
  return (
    <section class="panel queued" data-queued="true" aria-labelledby="queued-heading">
      <h2 id="queued-heading">Waiting for the service</h2>
      <p>
        This page will be reported when your service can be reached again, and a notification will say so. Queued{' '}
        <time dateTime={since} title={exactTime(since)}>
          {relativeTime(since, now)}
        </time>
        {entry.attempts > 1 ? `, ${entry.attempts} tries so far` : ''}; next try{' '}
        <time dateTime={next} title={exactTime(next)}>
          {relativeTime(next, now) === 'just now' ? 'in a moment' : relativeTime(next, now)}
        </time>
        .
      </p>
      {entry.lastError && <p class="muted">Last time: {entry.lastError.message}</p>}
      <button type="button" class="button" onClick={onCancel}>
        Cancel the queued report
      </button>
    </section>
  );
}
