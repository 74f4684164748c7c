import { useEffect, useRef, useState } from 'preact/hooks';
import type { Privacy } from '@/lib/shared/privacy';
import type { ErrorView } from '@/lib/pages/error-view';
import { useCountdown } from '@/lib/pages/use-clock';
import { passwordProblem } from '@/lib/pages/password';
import { PrivacyChoice } from '@/components/ui/PrivacyChoice';
import { FailureNotice, PasswordField } from '@/components/popup/lazy-screens';
import { t } from '@/lib/shared/i18n';

interface Props {
  privacy: Privacy;
  onPrivacy: (privacy: Privacy) => void;
  /** Held by the popup in memory only, so a failed attempt need not be typed again; never stored. */
  password: string;
  onPassword: (password: string) => void;
  onCreate: () => void;
  /** The service is away: keep the report in the queue until it is back. */
  onQueue: () => void;
  /** The last attempt's failure, if any. */
  error: ErrorView | null;
  onDismissError: () => void;
}

export function ReportForm({ privacy, onPrivacy, password, onPassword, onCreate, onQueue, error, onDismissError }: Props) {
  const createButton = useRef<HTMLButtonElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const wait = useCountdown(error?.retryAfterSeconds ?? null, error);
  // As it appears: the password to type, or Create report; after a failure, its notice's way forward (FailureNotice).
  useEffect(() => {
    if (!error) (privacy === 2 ? passwordInput : createButton).current?.focus();
  }, []);

  const submit = (event: Event) => {
    event.preventDefault();
    const problem = passwordProblem(privacy, password);
    setPasswordError(problem);
    if (problem) {
      passwordInput.current?.focus();
      return;
    }
    onCreate();
  };

  const shownPasswordError = passwordError ?? error?.fields.password;
  return (
    <form class="report-form" onSubmit={submit} noValidate aria-label={t('popCreateLabel')}>
      <PrivacyChoice name="privacy" legend={t('popWho')} value={privacy} onChange={onPrivacy} error={error?.fields.privacy} />
      {privacy === 2 && (
        <PasswordField
          password={password}
          onInput={(value) => {
            onPassword(value);
            if (passwordError) setPasswordError(passwordProblem(2, value));
          }}
          error={shownPasswordError}
          inputRef={passwordInput}
        />
      )}
      {error && <FailureNotice error={error} privacy={privacy} onQueue={onQueue} onDismiss={onDismissError} wait={wait} />}
      <button ref={createButton} type="submit" class="button button--primary report-form__submit" disabled={wait > 0}>
        {t('popCreate')}
      </button>
    </form>
  );
}
