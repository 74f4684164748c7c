import { ExportSettings } from '@/components/options/settings-file/ExportSettings';
import { ImportSettings } from '@/components/options/settings-file/ImportSettings';
import { t } from '@/lib/shared/i18n';
import '@/components/options/settings-file/settings-file.css';

/** "Your settings in a file": export and import, in one card. */
export function SettingsFileSection({ onApplied }: { onApplied: () => void }) {
  return (
    <section class="card settings-file" aria-labelledby="settings-file-heading">
      <h2 id="settings-file-heading">{t('settingsTransferTitle')}</h2>
      <p class="field__help">{t('settingsTransferHint')}</p>
      <ExportSettings />
      <ImportSettings onApplied={onApplied} />
    </section>
  );
}
