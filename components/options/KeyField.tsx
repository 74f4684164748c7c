import type { Ref } from 'preact';
import type { SettingsView } from '@/lib/protocol';
import { keyHintText } from '@/lib/options/connection-form';
import { SecretInput } from '@/components/ui/SecretInput';
import { Field } from '@/components/ui/Field';

interface Props {
  settings: SettingsView;
  value: string;
  onInput: (value: string) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onForget: () => void;
  /** Keep the key until the browser closes only (session storage), or until the user forgets it. */
  onSessionOnly: (sessionOnly: boolean) => void;
  busy: boolean;
}

/** The API key, masked; the stored one is never shown back, only its last four characters. */
export function KeyField({ settings, value, onInput, error, inputRef, onForget, onSessionOnly, busy }: Props) {
  return (
    <Field id="api-key" label="API key">
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
      <label class="check">
        <input
          type="checkbox"
          checked={settings.keyForSessionOnly}
          disabled={busy}
          aria-describedby="api-key-lifetime-help"
          onChange={(e) => onSessionOnly(e.currentTarget.checked)}
        />
        Forget the key when the browser closes
      </label>
      <p class="field__help" id="api-key-lifetime-help">
        {settings.keyForSessionOnly
          ? 'The key is kept in memory only and is gone when the browser closes: enter it again here after a restart.'
          : 'The key is kept in this browser’s local storage, which only this extension can read, until you forget it.'}
      </p>
    </Field>
  );
}
