import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { asApiError } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { TABS_PERMISSION } from '@/lib/shared/permission';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

interface Props {
  settings: SettingsView;
  onSaved: (settings: SettingsView) => void;
}

/**
 * The opt-in badge. Turning it on asks the browser for the `tabs` permission
 * from the click itself (the only moment a prompt may appear); turning it off
 * gives the permission back.
 */
export function BadgeSetting({ settings, onSaved }: Props) {
  const [granted, setGranted] = useState<boolean | null>(null);
  /** The state the user asked for while the browser and the background answer. */
  const [pending, setPending] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<{ tone: 'error' | 'warning'; message: string } | null>(null);

  useEffect(() => {
    void browser.permissions.contains(TABS_PERMISSION).then(setGranted, () => setGranted(false));
  }, [settings]);

  // A permission revoked in the browser's settings leaves the badge off, whatever was saved.
  const on = pending ?? (settings.preferences.badgeEnabled && granted === true);

  const change = async (wanted: boolean) => {
    setPending(wanted);
    setProblem(null);
    try {
      // No await before this call: the browser shows its prompt only inside the user's click.
      if (wanted && !(await browser.permissions.request(TABS_PERMISSION).catch(() => false))) {
        setProblem({
          tone: 'warning',
          message: t('badgeRefused'),
        });
        return;
      }
      const saved = await sendToBackground('savePreferences', { badgeEnabled: wanted });
      if (!wanted) await browser.permissions.remove(TABS_PERMISSION).catch(() => false);
      setGranted(wanted);
      onSaved(saved);
    } catch (error) {
      setProblem({ tone: 'error', message: asApiError(error, t('errorSettingNotSaved')).message });
    } finally {
      setPending(null);
    }
  };

  return (
    <div class="toolbar-settings__group">
      <h3>{t('badgeHeading')}</h3>
      <label class="check">
        <input
          type="checkbox"
          checked={on}
          disabled={pending !== null || granted === null}
          aria-describedby="badge-reason"
          onChange={(event) => void change(event.currentTarget.checked)}
        />
        <span>{t('badgeToggle')}</span>
      </label>
      <p id="badge-reason" class="field__help">
        {t('badgeReason')}
      </p>
      {problem && <Notice tone={problem.tone} message={problem.message} />}
    </div>
  );
}
