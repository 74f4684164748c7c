import type { ListedReport } from '@/lib/protocol';
import type { Privacy } from '@/lib/shared/privacy';
import { openBesideFromPage } from '@/lib/pages/open-beside';
import { t } from '@/lib/shared/i18n';
import { CopyReportLink } from '@/components/popup/CopyReportLink';
import { ReportAllTabs } from '@/components/popup/ReportAllTabs';
import { ReportSitePages } from '@/components/popup/ReportSitePages';
import { WatchPageButton } from '@/components/ui/WatchPageButton';

/**
 * What the popup offers beyond reporting the page: copy the latest report's link, report every tab or the site's
 * pages, open the audit beside the page, watch the page. Loaded after the first frame (`lazy-screens.ts`).
 */
export function PageActions({
  address,
  latest,
  baseUrl,
  tabId,
  windowId,
  privacy,
}: {
  address: string;
  /** The report whose link "Copy link" gives; null while one is being made or none is. */
  latest: ListedReport | null;
  baseUrl: string;
  tabId: number | undefined;
  /** The popup's window: its panel beside the page opens on this popup's service. */
  windowId: number | undefined;
  privacy: Privacy | undefined;
}) {
  return (
    <>
      {latest && <CopyReportLink report={latest} baseUrl={baseUrl} />}
      <ReportAllTabs />
      <ReportSitePages address={address} />
      {tabId !== undefined && windowId !== undefined && (
        <button
          type="button"
          class="button button--link"
          onClick={() =>
            void openBesideFromPage(windowId, { tabId }).then(
              () => window.close(),
              () => undefined,
            )
          }
        >
          {t('openBeside')}
        </button>
      )}
      <WatchPageButton url={address} privacy={privacy} />
    </>
  );
}
