import type { Ref } from 'preact';
import { Field } from '@/components/ui/Field';
import { SecretInput } from '@/components/ui/SecretInput';
import { t } from '@/lib/shared/i18n';

interface Props {
  password: string;
  onInput: (password: string) => void;
  /** What is wrong with it, from the form's own check or the service's answer. */
  error: string | null | undefined;
  inputRef: Ref<HTMLInputElement>;
}

/** The report's password, shown only when Password is chosen: loaded then, not on opening. */
export function PasswordField({ password, onInput, error, inputRef }: Props) {
  return (
    <Field id="report-password" label={t('passwordLabel')}>
      <SecretInput
        value={password}
        onInput={onInput}
        invalid={Boolean(error)}
        describedBy={error ? 'report-password-help report-password-error' : 'report-password-help'}
        id="report-password"
        what={t('passwordWhat')}
        inputRef={inputRef}
        autoComplete="new-password"
      />
      <p class="field__help" id="report-password-help">
        {t('popPasswordHelp')}
      </p>
      {error && (
        <p class="field__error" id="report-password-error">
          {error}
        </p>
      )}
    </Field>
  );
}
