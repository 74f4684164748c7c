import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { asApiError } from '@/lib/api/errors';
import type { SettingsImportPreview } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { readSettingsFileText } from '@/lib/options/settings-file-text';
import { originPattern } from '@/lib/shared/permission';
import { Field } from '@/components/ui/Field';
import { Notice } from '@/components/ui/Notice';
import { ImportPreview } from '@/components/options/settings-file/ImportPreview';
import { t, tn } from '@/lib/shared/i18n';

type Status = { tone: 'info' | 'error'; message: string } | null;

/** Asks, in one prompt, to reach the services a file adds or moves; call it straight from the click. */
const requestServicesAccess = (baseUrls: readonly string[]) =>
  browser.permissions.request({ origins: baseUrls.map(originPattern) }).catch(() => false);
interface Picked {
  fileName: string;
  text: string;
  preview: SettingsImportPreview;
}

/** "Import settings from a file": read, checked and summed up by the background, written only once the user applies it. */
export function ImportSettings({ onApplied }: { onApplied: () => void }) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const input = useRef<HTMLInputElement>(null);

  const clear = () => {
    setPicked(null);
    if (input.current) input.current.value = '';
  };

  const pick = async (file: File | undefined) => {
    setStatus(null);
    setPicked(null);
    if (!file) return;
    setReading(true);
    try {
      const read = await readSettingsFileText(file);
      if (!read.ok) return setStatus({ tone: 'error', message: read.message });
      const preview = await sendToBackground('previewImport', { text: read.text });
      setPicked({ fileName: file.name, text: read.text, preview });
    } catch (error) {
      setStatus({ tone: 'error', message: asApiError(error).message });
    } finally {
      setReading(false);
    }
  };

  const apply = async () => {
    if (!picked) return;
    setBusy(true);
    // Asked first, in the click itself: the browser shows its prompt only inside the gesture.
    if (picked.preview.serviceAddresses.length > 0) await requestServicesAccess(picked.preview.serviceAddresses);
    try {
      const { applied } = await sendToBackground('applyImport', { text: picked.text });
      clear();
      setStatus({ tone: 'info', message: tn('settingsImportApplied', applied.length) });
      onApplied();
    } catch (error) {
      setStatus({ tone: 'error', message: t('settingsImportFailed', { reason: asApiError(error).message }) });
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    clear();
    setStatus({ tone: 'info', message: t('settingsImportCancelled') });
  };

  return (
    <div class="settings-file__import" data-state={reading ? 'reading' : picked ? 'preview' : 'idle'}>
      <Field id="settings-import-file" label={t('settingsImportPick')}>
        <input
          ref={input}
          id="settings-import-file"
          class="input"
          type="file"
          accept="application/json,.json"
          disabled={reading || busy}
          onChange={(event) => void pick(event.currentTarget.files?.[0])}
        />
      </Field>
      {reading && (
        <p class="muted" role="status">
          {t('settingsImportReading')}
        </p>
      )}
      {status && <Notice tone={status.tone} message={status.message} />}
      {picked && <ImportPreview fileName={picked.fileName} preview={picked.preview} busy={busy} onApply={() => void apply()} onCancel={cancel} />}
    </div>
  );
}
