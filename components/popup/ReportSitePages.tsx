import { browser } from 'wxt/browser';
import { siteOriginOf, sitemapPlannerUrl } from '@/lib/shared/site-origin';
import { t } from '@/lib/shared/i18n';

/** "Report this site's pages…": opens the sitemap planner of the page's site in a tab, as the popup closes. */
export function ReportSitePages({ address }: { address: string }) {
  const origin = siteOriginOf(address);
  if (!origin) return null;
  const open = async () => {
    await browser.tabs.create({ url: sitemapPlannerUrl(origin) });
    window.close();
  };
  return (
    <div class="popup__site">
      <button type="button" class="button button--link" onClick={() => void open()}>
        {t('smPopupOpen')}
      </button>
    </div>
  );
}
