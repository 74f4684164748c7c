import type { SiteGlance } from '@/lib/protocol';
import { siteViewPath } from '@/lib/shared/site-view-address';
import { tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

/** "This site: 14 pages · average 72", a link to the site view. */
export function SiteGlanceLine({ glance }: { glance: SiteGlance }) {
  const words = !glance.complete
    ? tn('popSiteReports', glance.reports)
    : glance.average === null
      ? tn('popSitePages', glance.pages)
      : tn('popSitePagesAverage', glance.pages, { average: Math.round(glance.average) });
  return (
    <p class="site-glance">
      <a href={siteViewPath(glance.project, namedService())} target="_blank" rel="noopener" data-project={glance.project} data-pages={glance.pages}>
        {words}
      </a>
    </p>
  );
}
