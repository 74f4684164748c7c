import { exactTime, relativeTime } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/use-clock';
import { useQueue } from '@/lib/options/use-queue';
import { PRIVACY_SHORT_TEXT } from '@/lib/shared/privacy';
import { Notice } from '@/components/ui/Notice';
import { LiveRegion } from '@/components/ui/LiveRegion';
import { useQueueAnnouncement } from '@/lib/options/use-queue-announcement';
import { t, tn } from '@/lib/shared/i18n';

/** Reports asked for while the service was away: shown only while there are some. */
export function QueuePanel() {
  const { queue, busy, error, retryNow, cancel } = useQueue();
  const now = useNow(30_000);
  const told = useQueueAnnouncement(queue ? queue.map((entry) => entry.url) : null);
  // The same region, first in both, stays when the list goes: "all sent" is told after the last one leaves.
  if (!error && (!queue || queue.length === 0))
    return (
      <>
        <LiveRegion text={told.text} />
      </>
    );
  return (
    <>
      <LiveRegion text={told.text} />
      <section class="card queue" aria-labelledby="queue-title" aria-busy={busy}>
        <h2 id="queue-title">{t('queueHeading')}</h2>
        {error && <Notice tone="error" message={error.message} />}
        {queue && queue.length > 0 && (
          <>
            <p class="muted">{tn('queueIntro', queue.length)}</p>
            <ul class="queue__list">
              {queue.map((entry) => {
                const since = new Date(entry.queuedAt).toISOString();
                return (
                  <li key={`${entry.service?.id ?? ''} ${entry.url}`} class="queue__item">
                    <span class="queue__address" translate={false}>
                      {entry.url}
                    </span>
                    <span class="muted">
                      {entry.service && (
                        <>
                          <span class="queue__service" translate={false}>
                            {entry.service.name}
                          </span>
                          {' · '}
                        </>
                      )}
                      {PRIVACY_SHORT_TEXT[entry.privacy]} ·{' '}
                      <time dateTime={since} title={exactTime(since)}>
                        {t('queueQueued', { when: relativeTime(since, now) })}
                      </time>
                      {entry.attempts > 1 ? ` · ${tn('queueTries', entry.attempts)}` : ''}
                      {entry.lastError ? ` · ${entry.lastError.message}` : ''}
                    </span>
                    <button
                      type="button"
                      class="button button--link"
                      onClick={() => {
                        told.cancelled(entry.url);
                        void cancel(entry.url, entry.service?.id);
                      }}
                      aria-label={
                        entry.service
                          ? t('queueCancelOn', { address: entry.url, service: entry.service.name })
                          : t('queueCancel', { address: entry.url })
                      }
                    >
                      {t('cancel')}
                    </button>
                  </li>
                );
              })}
            </ul>
            <button type="button" class="button" onClick={() => void retryNow()} disabled={busy}>
              {busy ? t('queueTrying') : t('queueTryNow')}
            </button>
          </>
        )}
      </section>
    </>
  );
}
