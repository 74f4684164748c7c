import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { Privacy } from '@/lib/shared/privacy';
import { Notice } from '@/components/ui/Notice';
import { PrivacyChoice } from '@/components/ui/PrivacyChoice';
import { ManagedNote } from '@/components/options/ManagedNote';
import { t } from '@/lib/shared/i18n';

/** The privacy the popup starts with; saved as soon as it is chosen. */
export function DefaultPrivacy({ settings, onSaved }: { settings: SettingsView; onSaved: (settings: SettingsView) => void }) {
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const choose = async (defaultPrivacy: Privacy) => {
    setStatus(null);
    try {
      onSaved(await sendToBackground('savePreferences', { defaultPrivacy }));
      setStatus({ tone: 'info', message: t('saved') });
    } catch (error) {
      setStatus({ tone: 'error', message: asApiError(error, t('errorSettingNotSaved')).message });
    }
  };
  return (
    <section class="card" aria-labelledby="default-privacy-heading">
      <h2 id="default-privacy-heading">{t('newReportsHeading')}</h2>
      <PrivacyChoice
        name="default-privacy"
        legend={t('defaultPrivacy')}
        value={settings.preferences.defaultPrivacy}
        onChange={(privacy) => void choose(privacy)}
      />
      {settings.managed?.defaultPrivacy && <ManagedNote id="default-privacy-managed" />}
      <p class="field__help">{t('defaultPrivacyHelp')}</p>
      {status && <Notice tone={status.tone} message={status.message} />}
    </section>
  );
}
