import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import type { SiteSummary } from '@/lib/protocol';
import { t, tn } from '@/lib/shared/i18n';
import { lazyComponent } from '@/lib/pages/lazy-component';

/** With several services, the name of the one the site's reports are on: drawn once loaded. */
const ServiceNameLine = lazyComponent(() => import('@/components/ui/ServiceNameLine').then((m) => m.ServiceNameLine));

/**
 * The site's name, its pages and average, and the actions. `actions` is the row of buttons;
 * other features add theirs there (the header's actions area).
 */
export function SiteHeader({ project, summary, children }: { project: string; summary: SiteSummary | null; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // On opening only: reading the site, or reading it again, leaves the focus where the user is.
  useFocusOnMount(heading);
  return (
    <header class="site__header">
      <p class="site__kicker muted">{t('siteKicker')}</p>
      <ServiceNameLine class="site__service" />
      <h1 ref={heading} tabIndex={-1} class="site__project" translate={false}>
        {project}
      </h1>
      {summary && (
        <p class="site__facts" data-pages={summary.pages.length} data-average={summary.average ?? ''} data-reports={summary.reportsRead}>
          {tn('siteCountPages', summary.pages.length)}
          {summary.average !== null && ` · ${t('siteAverage', { score: Math.round(summary.average) })}`}
          {` · ${tn('siteCountReports', summary.reportsRead)}`}
        </p>
      )}
      <div class="site__actions" role="group" aria-label={t('siteActionsLabel')}>
        {children}
      </div>
    </header>
  );
}
