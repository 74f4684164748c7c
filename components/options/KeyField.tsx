import type { Ref } from 'preact';
import type { SettingsView } from '@/lib/protocol';
import { keyHintText } from '@/lib/options/connection-form';
import { SecretInput } from '@/components/ui/SecretInput';

interface Props {
  settings: SettingsView;
  value: string;
  onInput: (value: string) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onForget: () => void;
  busy: boolean;
}

/** The API key, masked; the stored one is never shown back, only its last four characters. */
export function KeyField({ settings, value, onInput, error, inputRef, onForget, busy }: Props) {
  return (
    <div class="field">
      <label class="field__label" for="api-key">
        API key
      </label>
      <SecretInput
        id="api-key"
        what="API key"
        inputRef={inputRef}
        value={value}
        onInput={onInput}
        placeholder={settings.keySet ? 'Leave empty to keep the saved key' : ''}
        invalid={Boolean(error)}
        describedBy={['api-key-help', 'api-key-saved', error ? 'api-key-error' : ''].filter(Boolean).join(' ')}
      />
      <p class="field__help" id="api-key-help">
        Find your key in the account area of the service.
      </p>
      <div class="connection__key-status">
        <p class="field__help" id="api-key-saved">
          {keyHintText(settings.keySet ? settings.keyHint : null)}
          {settings.keySet && ' Leave the field empty to keep it.'}
        </p>
        {settings.keySet && (
          <button type="button" class="button button--link" onClick={onForget} disabled={busy}>
            Forget key
          </button>
        )}
      </div>
      {error && (
        <p class="field__error" id="api-key-error">
          {error}
        </p>
      )}
    </div>
  );
}
