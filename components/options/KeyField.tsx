import type { Ref } from 'preact';
import type { SettingsView } from '@/lib/protocol';
import { keyHintText } from '@/lib/options/connection-form';
import { SecretInput } from '@/components/ui/SecretInput';
import { Field } from '@/components/ui/Field';
import { t } from '@/lib/shared/i18n';

interface Props {
  settings: SettingsView;
  value: string;
  onInput: (value: string) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onForget: () => void;
  /** Keep the key until the browser closes only (session storage), or until the user forgets it. */
  sessionOnly: boolean;
  onSessionOnly: (sessionOnly: boolean) => void;
  busy: boolean;
}

/** The API key, masked; the stored one is never shown back, only its last four characters. */
export function KeyField({ settings, value, onInput, error, inputRef, onForget, sessionOnly, onSessionOnly, busy }: Props) {
  return (
    <Field id="api-key" label={t('keyLabel')}>
      <SecretInput
        id="api-key"
        what={t('keyWhat')}
        inputRef={inputRef}
        value={value}
        onInput={onInput}
        placeholder={settings.keySet ? t('keyPlaceholderKeep') : ''}
        invalid={Boolean(error)}
        describedBy={['api-key-help', 'api-key-saved', error ? 'api-key-error' : ''].filter(Boolean).join(' ')}
      />
      <p class="field__help" id="api-key-help">
        {t('keyHelp')}
      </p>
      <div class="connection__key-status">
        <p class="field__help" id="api-key-saved">
          {keyHintText(settings.keySet ? settings.keyHint : null)}
          {settings.keySet && ` ${t('keyLeaveEmpty')}`}
        </p>
        {settings.keySet && (
          <button type="button" class="button button--link" onClick={onForget} disabled={busy}>
            {t('keyForget')}
          </button>
        )}
      </div>
      {error && (
        <p class="field__error" id="api-key-error">
          {error}
        </p>
      )}
      <label class="check">
        <input
          type="checkbox"
          checked={sessionOnly}
          disabled={busy}
          aria-describedby="api-key-lifetime-help"
          onChange={(e) => onSessionOnly(e.currentTarget.checked)}
        />
        {t('keySessionOnly')}
      </label>
      <p class="field__help" id="api-key-lifetime-help">
        {sessionOnly ? t('keySessionOnlyHelp') : t('keyLocalHelp')}
      </p>
    </Field>
  );
}
