import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { downloadText } from '@/lib/options/settings-file-text';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

type Status = { tone: 'info' | 'error'; message: string } | null;

/** "Export settings": one file, its keys left out unless the box is ticked, which warns first. */
export function ExportSettings() {
  const [withKeys, setWithKeys] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const save = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const { fileName, text } = await sendToBackground('exportSettings', { includeKeys: withKeys });
      downloadText(fileName, text);
      setStatus({ tone: 'info', message: t('settingsExported', { file: fileName }) });
    } catch (error) {
      setStatus({ tone: 'error', message: t('settingsExportFailed', { reason: asApiError(error).message }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="settings-file__export">
      <label class="check">
        <input
          type="checkbox"
          id="settings-export-keys"
          checked={withKeys}
          aria-describedby="settings-export-keys-help"
          onChange={(event) => setWithKeys(event.currentTarget.checked)}
        />
        <span>{t('settingsExportWithKeys')}</span>
      </label>
      <p class="field__help" id="settings-export-keys-help">
        {t('settingsExportWebhookNote')}
      </p>
      {withKeys && <Notice tone="warning" message={t('settingsExportKeysWarning')} />}
      <button type="button" class="button button--primary" id="settings-export" aria-disabled={busy} onClick={() => !busy && void save()}>
        {busy ? t('settingsExporting') : t('settingsExport')}
      </button>
      {status && <Notice tone={status.tone} message={status.message} />}
    </div>
  );
}
