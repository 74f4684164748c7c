import { SitemapPlanner } from '@/components/sitemap/SitemapPlanner';
import { Notice } from '@/components/ui/Notice';
import { siteOriginOf } from '@/lib/shared/site-origin';
import { t } from '@/lib/shared/i18n';

/** `plan.html?origin=https://example.com`: the sitemap planner of one site. */
export function App() {
  const origin = siteOriginOf(new URLSearchParams(location.search).get('origin'));
  return <main class="sitemap-page">{origin ? <SitemapPlanner origin={origin} /> : <Notice tone="error" message={t('smNoOrigin')} />}</main>;
}
