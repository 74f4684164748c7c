import { exactTime, relativeTime } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/hooks';
import { useQueue } from '@/lib/options/use-queue';
import { PRIVACY_SHORT_TEXT } from '@/lib/shared/score';
import { Notice } from '@/components/ui/Notice';

/** Reports asked for while the service was away: shown only while there are some. */
export function QueuePanel() {
  const { queue, busy, error, retryNow, cancel } = useQueue();
  const now = useNow(30_000);
  if (!error && (!queue || queue.length === 0)) return null;
  return (
    <section class="card queue" aria-labelledby="queue-title" aria-busy={busy}>
      <h2 id="queue-title">Waiting for the service</h2>
      {error && <Notice tone="error" message={error.message} />}
      {queue && queue.length > 0 && (
        <>
          <p class="muted">
            {queue.length === 1 ? 'This report was' : `These ${queue.length} reports were`} asked for while your service could not be reached. Each is
            made when the service is back, and a notification says so; nothing is sent twice.
          </p>
          <ul class="queue__list">
            {queue.map((entry) => {
              const since = new Date(entry.queuedAt).toISOString();
              return (
                <li key={entry.url} class="queue__item">
                  <span class="queue__address">{entry.url}</span>
                  <span class="muted">
                    {PRIVACY_SHORT_TEXT[entry.privacy]} · queued{' '}
                    <time dateTime={since} title={exactTime(since)}>
                      {relativeTime(since, now)}
                    </time>
                    {entry.attempts > 1 ? ` · ${entry.attempts} tries` : ''}
                    {entry.lastError ? ` · ${entry.lastError.message}` : ''}
                  </span>
                  <button
                    type="button"
                    class="button button--link"
                    onClick={() => void cancel(entry.url)}
                    aria-label={`Cancel the report of ${entry.url}`}
                  >
                    Cancel
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" class="button" onClick={() => void retryNow()} disabled={busy}>
            {busy ? 'Trying…' : 'Try now'}
          </button>
        </>
      )}
    </section>
  );
}
