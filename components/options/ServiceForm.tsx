import { useState } from 'preact/hooks';
import type { ServicesView } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { type ConnectionFailure } from '@/lib/options/connection-form';
import { saveConnection } from '@/lib/options/save-connection';
import { SERVICE_NAME_MAX } from '@/lib/shared/service-bounds';
import { Notice } from '@/components/ui/Notice';
import { Field } from '@/components/ui/Field';
import { SecretInput } from '@/components/ui/SecretInput';
import { t } from '@/lib/shared/i18n';

type Listed = ServicesView['services'][number];

interface Props {
  /** The service changed; absent: a new one is added. */
  editing?: Listed;
  onSaved: (view: ServicesView, name: string) => void;
  onCancel: () => void;
}

/** One service's name, address and key, proved with its account before it is kept. On failure the form keeps what was typed. */
export function ServiceForm({ editing, onSaved, onCancel }: Props) {
  const [name, setName] = useState(editing?.name ?? '');
  const [address, setAddress] = useState(editing?.baseUrl ?? '');
  const [key, setKey] = useState('');
  const [sessionOnly, setSessionOnly] = useState(editing?.keyForSessionOnly ?? false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ConnectionFailure | null>(null);
  const prefix = editing ? `service-${editing.id}` : 'service-new';

  const submit = (event: Event) => {
    event.preventDefault();
    saveConnection(
      { address, key, keySet: editing?.keySet ?? false, savedBaseUrl: editing?.baseUrl ?? null },
      {
        setBusy,
        setFailure,
        save: async ({ baseUrl, apiKey }) => {
          const { view } = await sendToBackground('saveService', {
            ...(editing ? { id: editing.id } : {}),
            name,
            baseUrl,
            ...(apiKey ? { apiKey } : {}),
            keyForSessionOnly: sessionOnly,
          });
          onSaved(view, name.trim() || new URL(baseUrl).host);
        },
      },
    );
  };

  const addressError = failure?.fields.baseUrl;
  const keyError = failure?.fields.apiKey;
  return (
    <form
      class="service-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? t('serviceEdit', { name: editing.name }) : t('serviceAdd')}
      aria-busy={busy}
    >
      <Field id={`${prefix}-name`} label={t('serviceNameLabel')}>
        <input
          id={`${prefix}-name`}
          class="input"
          value={name}
          maxLength={SERVICE_NAME_MAX}
          onInput={(e) => setName(e.currentTarget.value)}
          aria-describedby={`${prefix}-name-help`}
        />
        <p class="field__help" id={`${prefix}-name-help`}>
          {t('serviceNameHelp')}
        </p>
      </Field>
      <Field id={`${prefix}-address`} label={t('addressLabel')}>
        <input
          id={`${prefix}-address`}
          translate={false}
          dir="ltr"
          class="input"
          type="url"
          inputMode="url"
          value={address}
          onInput={(e) => setAddress(e.currentTarget.value)}
          placeholder="https://reports.example.com"
          spellcheck={false}
          aria-invalid={addressError ? 'true' : undefined}
          aria-describedby={addressError ? `${prefix}-address-error` : undefined}
        />
        {addressError && (
          <p class="field__error" id={`${prefix}-address-error`}>
            {addressError}
          </p>
        )}
      </Field>
      <Field id={`${prefix}-key`} label={t('keyLabel')}>
        <SecretInput
          id={`${prefix}-key`}
          what={t('keyWhat')}
          value={key}
          onInput={setKey}
          placeholder={editing?.keySet ? t('keyPlaceholderKeep') : ''}
          invalid={Boolean(keyError)}
          describedBy={keyError ? `${prefix}-key-error` : undefined}
        />
        {keyError && (
          <p class="field__error" id={`${prefix}-key-error`}>
            {keyError}
          </p>
        )}
        <label class="check">
          <input type="checkbox" checked={sessionOnly} disabled={busy} onChange={(e) => setSessionOnly(e.currentTarget.checked)} />
          {t('keySessionOnly')}
        </label>
      </Field>
      {failure?.message && <Notice tone="error" message={failure.message} />}
      <div class="connection__actions">
        <button type="submit" class="button button--primary" disabled={busy}>
          {t('save')}
        </button>
        <button type="button" class="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
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
