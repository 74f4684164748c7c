import type { Privacy } from '@/lib/shared/score';
import type { ErrorView } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { OpenOptionsButton } from '@/components/popup/OpenOptionsButton';

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
  return (
    <Notice tone="error" message={error.message} extra={error.otherFields}>
      {wait > 0 && <span class="muted">You can try again in {wait} s.</span>}
      {error.action === 'options' && <OpenOptionsButton />}
      {error.queueable && privacy !== 2 && (
        <button type="button" class="button button--primary" onClick={onQueue}>
          Report when the service is back
        </button>
      )}
      {error.queueable && privacy === 2 && (
        <p class="muted">
          A password-protected report cannot wait for the service: the password is never stored. Try again when the service is back, or choose Private
          to have it made as soon as it is.
        </p>
      )}
      <button type="button" class="button button--link" onClick={onDismiss}>
        Dismiss
      </button>
    </Notice>
  );
}
