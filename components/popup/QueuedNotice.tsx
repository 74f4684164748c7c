import { useEffect, useRef } from 'preact/hooks';
import type { QueuedReport } from '@/lib/protocol';
import { exactTime, relativeTime } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/use-clock';
import { t, tn } from '@/lib/shared/i18n';
import { richText } from '@/components/ui/rich-text';

/** Under a minute ahead, relativeTime would say "just now": the next try reads "in a moment" instead. */
const SOON_MS = 60_000;

/** The page waits in the queue for the service to be back: since when, the next try, and a way to cancel. */
export function QueuedNotice({ entry, onCancel }: { entry: QueuedReport; onCancel: () => void }) {
  const now = useNow(30_000);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once queued from this popup, the button that did it is gone: the notice takes the focus.
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);
  const since = new Date(entry.queuedAt).toISOString();
  const nextAt = Math.max(entry.nextTryAt, now);
  const next = new Date(nextAt).toISOString();
  return (
    <section class="panel queued" data-queued="true" aria-labelledby="queued-heading">
      <h2 id="queued-heading" ref={heading} tabIndex={-1}>
        {t('queueHeading')}
      </h2>
      <p>
        {richText(t('popQueuedText', { since: '{since}', tries: '{tries}', next: '{next}' }), {
          since: (
            <time dateTime={since} title={exactTime(since)}>
              {relativeTime(since, now)}
            </time>
          ),
          tries: entry.attempts > 1 ? tn('popTries', entry.attempts) : '',
          next: (
            <time dateTime={next} title={exactTime(next)}>
              {nextAt - now < SOON_MS ? t('popInAMoment') : relativeTime(next, now)}
            </time>
          ),
        })}
      </p>
      {entry.lastError && <p class="muted">{t('popLastTime', { message: entry.lastError.message })}</p>}
      <button type="button" class="button" onClick={onCancel}>
        {t('popCancelQueued')}
      </button>
    </section>
  );
}
