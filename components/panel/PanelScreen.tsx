import { browser } from 'wxt/browser';
import type { ListedReport } from '@/lib/protocol';
import type { FrontTab } from '@/lib/panel/use-front-tab';
import { usePanelPage } from '@/lib/panel/use-panel-page';
import { reportViewPathOf } from '@/lib/shared/report-view-address';
import { namedService } from '@/lib/pages/send-to-background';
import { TABS_PERMISSION } from '@/lib/shared/permission';
import { LoadFailure } from '@/components/ui/LoadFailure';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

/**
 * The panel: the latest report of the tab in front, "Report this page" when it has none, or why it cannot show one.
 * `popupWindow`: the window whose popup's service the panel follows; absent, the service its address names (else the default).
 */
export function PanelScreen({ front, popupWindow }: { front: FrontTab; popupWindow?: number }) {
  const address = front.state === 'page' ? front.url : null;
  const { page, retry, create } = usePanelPage(front.state === 'page' ? address : null, popupWindow);
  const tabId = front.state === 'page' ? front.tabId : undefined;

  if (front.state === 'finding' || (front.state === 'page' && page.phase === 'loading')) {
    return (
      <p class="panel__status muted" role="status">
        <span class="spinner" aria-hidden="true" /> {t('loading')}
      </p>
    );
  }
  if (front.state === 'none') return <Notice tone="info" message={t('pageNoneYet')} />;
  if (front.state === 'hidden') {
    return (
      <Notice tone="info" message={t('panelHidden')}>
        <button type="button" class="button" onClick={() => void browser.permissions.request(TABS_PERMISSION).catch(() => false)}>
          {t('panelFollowTabs')}
        </button>
      </Notice>
    );
  }
  if (page.phase === 'unsupported') return <Notice tone="info" message={page.reason} />;
  if (page.phase === 'failed') return <LoadFailure error={page.error} onRetry={retry} />;
  if (page.phase !== 'ready') return null;
  const { settings } = page;
  if (!settings.baseUrl || !settings.keySet || !settings.permissionGranted) {
    return (
      <Notice tone="info" message={t('errorNotConnected')}>
        <button type="button" class="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('reportOpenOptions')}
        </button>
      </Notice>
    );
  }
  return (
    <>
      {page.createError && <Notice tone="error" message={page.createError.message} />}
      {page.running ? (
        <p class="panel__status muted" role="status">
          <span class="spinner" aria-hidden="true" /> {t('panelReporting')}
        </p>
      ) : page.latest ? (
        <PanelReport key={`${page.latest.id}:${page.latest.generatedAt ?? ''}`} latest={page.latest} tabId={tabId} />
      ) : (
        <div class="panel__none">
          <p role="status">{t('panelNoReport')}</p>
          <button type="button" class="button button--primary" onClick={() => void create()}>
            {t('menuReportPage')}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * The report view itself (`report.html`) for the latest report, framed: the same page, keys and
 * "Show on page" (acting on the tab beside the panel), with none of its code in the panel's bundle.
 */
function PanelReport({ latest, tabId }: { latest: ListedReport; tabId: number | undefined }) {
  // On the panel's service: the framed view's own links and messages keep it.
  const path = reportViewPathOf(latest, tabId, namedService());
  return <iframe class="panel__report" src={path} title={t('pageTitleReport', { address: latest.url })} />;
}
