import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { Privacy } from '@/lib/shared/score';
import { Notice } from '@/components/ui/Notice';
import { PrivacyChoice } from '@/components/ui/PrivacyChoice';

/** The privacy the popup starts with; saved as soon as it is chosen. */
export function DefaultPrivacy({ settings, onSaved }: { settings: SettingsView; onSaved: (settings: SettingsView) => void }) {
  const [status, setStatus] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const choose = async (defaultPrivacy: Privacy) => {
    setStatus(null);
    try {
      onSaved(await sendToBackground('savePreferences', { defaultPrivacy }));
      setStatus({ tone: 'info', message: 'Saved.' });
    } catch (error) {
      setStatus({ tone: 'error', message: asApiError(error, 'The setting could not be saved. Try again.').message });
    }
  };
  return (
    <section class="card" aria-labelledby="default-privacy-heading">
      <h2 id="default-privacy-heading">New reports</h2>
      <PrivacyChoice
        name="default-privacy"
        legend="Default privacy"
        value={settings.preferences.defaultPrivacy}
        onChange={(privacy) => void choose(privacy)}
      />
      <p class="field__help">Used by the popup. The right-click menu can't ask for a password, so it uses Private when this is Password.</p>
      {status && <Notice tone={status.tone} message={status.message} />}
    </section>
  );
}
