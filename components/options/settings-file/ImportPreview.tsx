import type { SettingsImportPreview } from '@/lib/protocol';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

interface Props {
  fileName: string;
  preview: SettingsImportPreview;
  busy: boolean;
  onApply: () => void;
  onCancel: () => void;
}

/** What importing a file would change, part by part, with Apply and Cancel. */
export function ImportPreview({ fileName, preview, busy, onApply, onCancel }: Props) {
  return (
    <div class="settings-file__preview" role="group" aria-labelledby="settings-import-heading">
      <h3 id="settings-import-heading">{t('settingsImportHeading', { file: fileName })}</h3>
      {preview.withKeys && <Notice tone="warning" live={false} message={t('settingsImportHasKeys')} />}
      <ul class="settings-file__parts">
        {preview.parts.map((part) => (
          <li key={part.part} data-part={part.part} data-state={part.state} class={`settings-file__part settings-file__part--${part.state}`}>
            <strong>{part.title}</strong>: <span>{part.lines.join('; ')}</span>
          </li>
        ))}
      </ul>
      {preview.applicable === 0 && <p role="status">{t('settingsImportNothing')}</p>}
      <div class="settings-file__actions">
        {preview.applicable > 0 && (
          <button type="button" class="button button--primary" id="settings-import-apply" aria-disabled={busy} onClick={() => !busy && onApply()}>
            {busy ? t('settingsImportApplying') : t('settingsImportApply')}
          </button>
        )}
        <button type="button" class="button" id="settings-import-cancel" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
