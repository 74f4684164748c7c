import { useEffect, useRef } from 'preact/hooks';
import type { Privacy } from '@/lib/shared/privacy';
import type { ErrorView } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { OpenOptionsButton } from '@/components/popup/OpenOptionsButton';
import { t } from '@/lib/shared/i18n';

interface Props {
  error: ErrorView;
  privacy: Privacy;
  onQueue: () => void;
  onDismiss: () => void;
  /** Seconds left of the service's wait, counted down by the form (its Create button waits too). */
  wait: number;
}

/** Why the last report failed, and what can be done: wait, fix it in the options, or queue it until the service is back. */
export function FailureNotice({ error, privacy, onQueue, onDismiss, wait }: Props) {
  const dismiss = useRef<HTMLButtonElement>(null);
  // The notice's first way forward takes the focus from nowhere (a run's screen that went, with the focus on it) or
  // from the form that started the run (failed before its screen was drawn); focus the person put elsewhere stays.
  useEffect(() => {
    const notice = dismiss.current?.closest('.notice');
    const active = document.activeElement;
    if (!active || active === document.body || notice?.closest('form')?.contains(active)) notice?.querySelector('button')?.focus();
  }, []);
  return (
    // Said by the popup's live region (components/popup/PopupAnnouncer.tsx).
    <Notice tone="error" live={false} message={error.message} extra={error.otherFields}>
      {wait > 0 && <span class="muted">{t('popRetryIn', { wait })}</span>}
      {error.action === 'options' && <OpenOptionsButton />}
      {error.queueable && privacy !== 2 && (
        <button type="button" class="button button--primary" onClick={onQueue}>
          {t('popQueueIt')}
        </button>
      )}
      {error.queueable && privacy === 2 && <p class="muted">{t('popNoQueuePassword')}</p>}
      <button ref={dismiss} type="button" class="button button--link" onClick={onDismiss}>
        {t('popDismiss')}
      </button>
    </Notice>
  );
}
