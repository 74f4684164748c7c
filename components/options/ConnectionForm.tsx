import { useEffect, useRef, useState } from 'preact/hooks';
import type { Account } from '@/lib/api';
import type { SettingsView } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { permissionHost } from '@/lib/options/connection-form';
import { saveConnection } from '@/lib/options/save-connection';
import { connectionFailure, type ConnectionFailure } from '@/lib/options/connection-form';
import { errorData } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { KeyField } from '@/components/options/KeyField';
import { Field } from '@/components/ui/Field';
import { ManagedNote } from '@/components/options/ManagedNote';
import { t } from '@/lib/shared/i18n';

interface Props {
  settings: SettingsView;
  onSaved: (result: { settings: SettingsView; account: Account }) => void;
  onForgotten: (settings: SettingsView) => void;
}

/** Address and key, proven against the service before they are kept. On failure the form keeps what the user typed. */
export function ConnectionForm({ settings, onSaved, onForgotten }: Props) {
  const [address, setAddress] = useState(settings.baseUrl ?? '');
  const [key, setKey] = useState('');
  // Where the key is to be kept: shown as chosen even before a key is saved, and sent with the save.
  const [sessionOnly, setSessionOnly] = useState(settings.keyForSessionOnly);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ConnectionFailure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The "Connected" note, told apart from the others so that a revoked permission can take it away.
  const [connectedText, setConnectedText] = useState<string | null>(null);
  const addressInput = useRef<HTMLInputElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  // A failure moves focus to the field at fault, so its message is read out with it.
  useEffect(() => {
    if (failure?.fields.baseUrl) addressInput.current?.focus();
    else if (failure?.fields.apiKey) keyInput.current?.focus();
  }, [failure]);

  // What another window or the background changed is shown as it now is.
  useEffect(() => setSessionOnly(settings.keyForSessionOnly), [settings.keyForSessionOnly]);

  // A "Connected" note would be stale once the permission is taken back; the banner above says what is wrong.
  useEffect(() => {
    if (!settings.permissionGranted) setDone((text) => (text === connectedText ? null : text));
  }, [settings.permissionGranted]);

  const host = permissionHost(address);
  const savedHost = settings.baseUrl ? new URL(settings.baseUrl).host : null;
  const willAsk = !(settings.permissionGranted && host !== null && host === savedHost);

  const submit = (event: Event) => {
    event.preventDefault();
    setDone(null);
    saveConnection(
      { address, key, keySet: settings.keySet, savedBaseUrl: settings.baseUrl },
      {
        setBusy,
        setFailure,
        save: async ({ baseUrl, apiKey }) => {
          const result = await sendToBackground('saveConnection', { baseUrl, ...(apiKey ? { apiKey } : {}), keyForSessionOnly: sessionOnly });
          setAddress(result.settings.baseUrl ?? baseUrl);
          setKey('');
          const connected = t('connectionConnected', { host: new URL(result.settings.baseUrl ?? baseUrl).host });
          setConnectedText(connected);
          setDone(connected);
          onSaved(result);
        },
      },
    );
  };

  const forget = async () => {
    setDone(null);
    try {
      onForgotten(await sendToBackground('forgetKey', {}));
      setKey('');
      setDone(t('connectionForgotten'));
    } catch (error) {
      setFailure(connectionFailure(errorData(error)));
    }
  };

  /** A saved key moves at once; with none saved yet, the choice waits for the save. */
  const keepKeyFor = async (chosen: boolean) => {
    setSessionOnly(chosen);
    setDone(null);
    if (!settings.keySet) return;
    try {
      onForgotten(await sendToBackground('saveKeyLifetime', { sessionOnly: chosen }));
      setDone(chosen ? t('connectionSessionOnly') : t('connectionKept'));
    } catch (error) {
      setSessionOnly(settings.keyForSessionOnly);
      setFailure(connectionFailure(errorData(error)));
    }
  };

  const managed = settings.managed?.serviceAddress ? settings.managed : null;
  const addressError = failure?.fields.baseUrl;
  const keyError = failure?.fields.apiKey;
  return (
    <form class="card connection" onSubmit={submit} noValidate aria-labelledby="connection-heading" aria-busy={busy}>
      <h2 id="connection-heading">{t('optionsConnection')}</h2>
      <Field id="service-address" label={t('addressLabel')}>
        <input
          ref={addressInput}
          id="service-address"
          translate={false}
          // An address reads left to right in every language, Arabic included.
          dir="ltr"
          class="input"
          type="url"
          inputMode="url"
          value={address}
          onInput={(e) => setAddress(e.currentTarget.value)}
          readOnly={managed?.addressLocked === true}
          placeholder="https://reports.example.com"
          autoComplete="url"
          spellcheck={false}
          aria-invalid={addressError ? 'true' : undefined}
          aria-describedby={[managed && 'service-address-managed', 'service-address-help', addressError && 'service-address-error']
            .filter(Boolean)
            .join(' ')}
        />
        {managed && <ManagedNote id="service-address-managed" name={managed.serviceName} />}
        <p class="field__help" id="service-address-help">
          {t('addressHelp')}
        </p>
        {addressError && (
          <p class="field__error" id="service-address-error">
            {addressError}
          </p>
        )}
      </Field>
      <KeyField
        settings={settings}
        value={key}
        onInput={setKey}
        error={keyError}
        inputRef={keyInput}
        onForget={() => void forget()}
        sessionOnly={sessionOnly}
        onSessionOnly={(chosen) => void keepKeyFor(chosen)}
        busy={busy}
      />
      {willAsk && (
        <p class="connection__why" id="permission-why">
          {t('connectionWillAsk', { host: host ?? t('connectionYourService') })}
        </p>
      )}
      {failure?.message && <Notice tone="error" message={failure.message} />}
      {done && <Notice tone="info" message={done} />}
      <div class="connection__actions">
        <button type="submit" class="button button--primary" disabled={busy} aria-describedby={willAsk ? 'permission-why' : undefined}>
          {t('save')}
        </button>
        {busy && (
          <span class="muted" role="status">
            {t('connectionChecking')}
          </span>
        )}
      </div>
    </form>
  );
}
