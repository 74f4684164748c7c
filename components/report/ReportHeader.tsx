import { useRef } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import { summariseChecks } from '@/lib/shared/check-summary';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { siteViewPath } from '@/lib/shared/site-view-address';
import { namedService } from '@/lib/pages/send-to-background';
import { t, tn } from '@/lib/shared/i18n';

/** Drawn once loaded, after the report: the view opens as fast as without it. */
const WatchPageButton = lazyComponent(() => import('@/components/ui/WatchPageButton').then((m) => m.WatchPageButton));
/** With several services, the name of the one the report is on: drawn once loaded. */
const ServiceNameLine = lazyComponent(() => import('@/components/ui/ServiceNameLine').then((m) => m.ServiceNameLine));

/** The address, the score with its label and colour, the date, the privacy, the tally of failures, and the way to the service's own page. */
export function ReportHeader({ view }: { view: ReportView }) {
  const { report } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  // On opening, the focus starts at the report; an address naming a section (`#changes`) leaves it to that section,
  // and framed in the side panel, the view leaves it where the user is.
  useFocusOnMount(heading, !location.hash && window.self === window.top);
  const tally = report.checks ? summariseChecks(report.checks) : null;
  const failed = tally ? tally.failed.high + tally.failed.medium + tally.failed.low : 0;
  return (
    <header class="report__header">
      <p class="report__kicker muted">{t('extName')}</p>
      <ServiceNameLine class="report__service" />
      <h1 ref={heading} tabIndex={-1} class="report__address" title={report.url} translate={false}>
        <bdi>{report.url}</bdi>
      </h1>
      <div class="report__facts">
        <ScoreBadge score={report.score} label={report.label} size="large" />
        <p class="report__meta">
          <DateText iso={report.generatedAt ?? report.createdAt} words={(when) => t('reportGenerated', { when })} /> · {PRIVACY_TEXT[report.privacy]}
        </p>
        <a class="button button--link" href={view.webUrl} target="_blank" rel="noopener noreferrer">
          {t('reportOpenOnService')}
        </a>
        {report.project && (
          <a class="button button--link report__site" href={siteViewPath(report.project, namedService())} target="_blank" rel="noopener">
            {t('reportWholeSite', { project: report.project })}
          </a>
        )}
        <WatchPageButton url={report.url} privacy={report.privacy} />
      </div>
      {tally && (
        <p class="report__tally" data-failed={failed} data-total={tally.total}>
          {failed === 0
            ? tn('reportAllPassed', tally.total)
            : tn('reportTally', tally.total, { failed, high: tally.failed.high, medium: tally.failed.medium, low: tally.failed.low })}
        </p>
      )}
    </header>
  );
}
