import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { PopupState } from '@/lib/popup/popup-state';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';
import { t } from '@/lib/shared/i18n';

/**
 * The popup header's service: the one this window's popup reports to, and a quick switch to another,
 * kept for the window by the background. `onChosen`: the page is read again, from the service chosen.
 */
export function ServiceSwitch({ state, onChosen }: { state: PopupState; onChosen: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = async (service: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const { id: windowId } = await browser.windows.getCurrent();
      if (windowId === undefined) return;
      await sendToBackground('choosePopupService', { windowId, service });
      onChosen();
    } catch (error) {
      setFailure(errorData(error).message);
    } finally {
      setBusy(false);
    }
  };
  const services = state.phase === 'ready' ? state.settings.popupServices : undefined;
  if (!services) return null;
  return (
    <div class="popup__service">
      <label>
        <span class="muted">{t('serviceSwitchLabel')}</span>
        <select value={services.chosen} disabled={busy} onChange={(event) => void choose(event.currentTarget.value)}>
          {services.list.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </select>
      </label>
      {failure && (
        <p class="popup__service-failure" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
