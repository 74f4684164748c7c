import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { ResponseOf } from '@/lib/protocol';
import { TABS_PERMISSION } from '@/lib/shared/permission';
import { t } from '@/lib/shared/i18n';
import { tellInPopup } from '@/components/popup/PopupAnnouncer';

/**
 * "Report all N tabs": every reportable tab of this window, made in the
 * background, which counts them and words the outcome. Without the `tabs`
 * permission the count is unknown: the button asks for it in its click.
 */
export function ReportAllTabs() {
  const [windowId, setWindowId] = useState<number | null>(null);
  const [plan, setPlan] = useState<ResponseOf<'planTabs'> | undefined>(undefined);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void browser.tabs.query({ currentWindow: true }).then(async (tabs) => {
      const id = tabs[0]?.windowId;
      if (tabs.length < 2 || id === undefined) return;
      setWindowId(id);
      setPlan(await sendToBackground('planTabs', { windowId: id }).catch(() => undefined));
    });
  }, []);

  if (windowId === null || plan === undefined || (plan && plan.reportable < 2)) return null;

  // Shown in place of the button, and said by the popup's live region.
  const tell = (text: string) => {
    setOutcome(text);
    tellInPopup(text);
  };

  const start = async () => {
    // Disabled at once: a second click must not start the same pages again.
    setBusy(true);
    tellInPopup(t('popToldTabs'));
    // Asked in the click itself: the browser shows its prompt only inside the gesture.
    const allowed = plan !== null || (await browser.permissions.request(TABS_PERMISSION).catch(() => false));
    try {
      if (!allowed) throw new Error(t('popTabsNoPermission'));
      tell((await sendToBackground('reportTabs', { windowId })).message);
    } catch (caught) {
      tell(asApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="popup__tabs">
      {outcome ? (
        <p class="popup__tabs-outcome">{outcome}</p>
      ) : (
        <button type="button" class="button" aria-disabled={busy} onClick={() => !busy && void start()}>
          {busy ? t('bulkStarting') : plan ? plan.label : t('popReportAllTabs')}
        </button>
      )}
    </div>
  );
}
