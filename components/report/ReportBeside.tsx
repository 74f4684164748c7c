import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { openBesideFromPage } from '@/lib/pages/open-beside';
import { t } from '@/lib/shared/i18n';

/**
 * The report view's "Open beside the page": the panel opens in this window, on the report's service
 * (the one the view's address names; none: the default), and the report's page (`tabId`, when the
 * view knows it) comes to the front so the panel shows it. The window is read
 * before any click: the browser opens the panel only inside the click itself. Not shown where the
 * view is framed in the panel, nor where the browser has no panel (Firefox for Android).
 */
export function ReportBeside({ tabId }: { tabId: number | undefined }) {
  const [windowId, setWindowId] = useState<number | undefined>(undefined);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    void browser.windows?.getCurrent().then(
      (window) => setWindowId(window.id),
      () => undefined,
    );
  }, []);
  const hasPanel = Reflect.get(browser, 'sidebarAction') !== undefined || Reflect.get(browser, 'sidePanel') !== undefined;
  if (window.top !== window || !hasPanel || windowId === undefined) return null;
  const open = () =>
    void openBesideFromPage(windowId).then(
      () => void (tabId !== undefined && browser.tabs.update(tabId, { active: true }).catch(() => undefined)),
      () => setRefused(true),
    );
  return (
    <>
      <button type="button" class="button button--link" data-action="open-beside" onClick={open}>
        {t('openBeside')}
      </button>
      {refused && <span role="alert">{t('openBesideFailed')}</span>}
    </>
  );
}
