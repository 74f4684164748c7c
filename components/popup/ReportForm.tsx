import { useRef, useState } from 'preact/hooks';
import type { Privacy } from '@/lib/shared/score';
import type { ErrorView } from '@/lib/pages/error-view';
import { useCountdown, useFocusOnMount } from '@/lib/pages/hooks';
import { passwordProblem } from '@/lib/pages/password';
import { Notice } from '@/components/ui/Notice';
import { PrivacyChoice } from '@/components/ui/PrivacyChoice';
import { SecretInput } from '@/components/ui/SecretInput';
import { OpenOptionsButton } from '@/components/popup/NeedsSetup';
import { Field } from '@/components/ui/Field';

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
  useFocusOnMount(createButton);

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
    <form class="report-form" onSubmit={submit} noValidate aria-label="Create a report">
      <PrivacyChoice name="privacy" legend="Who can open the report" value={privacy} onChange={onPrivacy} error={error?.fields.privacy} />
      {privacy === 2 && (
        <Field id="report-password" label="Password">
          <SecretInput
            value={password}
            onInput={(value) => {
              onPassword(value);
              if (passwordError) setPasswordError(passwordProblem(2, value));
            }}
            invalid={Boolean(shownPasswordError)}
            describedBy={shownPasswordError ? 'report-password-help report-password-error' : 'report-password-help'}
            id="report-password"
            what="password"
            inputRef={passwordInput}
            autoComplete="new-password"
          />
          <p class="field__help" id="report-password-help">
            1 to 128 characters. Sent once with the report, never kept by the extension.
          </p>
          {shownPasswordError && (
            <p class="field__error" id="report-password-error">
              {shownPasswordError}
            </p>
          )}
        </Field>
      )}
      {error && (
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
              A password-protected report cannot wait for the service: the password is never stored. Try again when the service is back, or choose
              Private to have it made as soon as it is.
            </p>
          )}
          <button type="button" class="button button--link" onClick={onDismissError}>
            Dismiss
          </button>
        </Notice>
      )}
      <button ref={createButton} type="submit" class="button button--primary report-form__submit" disabled={wait > 0}>
        Create report
      </button>
    </form>
  );
}
