import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ListedReport } from '@/lib/protocol';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { DateText } from '@/components/ui/DateText';
import { errorView } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { OpenOptionsButton } from '@/components/popup/OpenOptionsButton';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { ReportSummary } from '@/components/popup/ReportSummary';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { reportViewPathOf } from '@/lib/shared/report-view-address';
import { t, tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

/** The verdict on the site's limits, loaded after the popup's first frame: most sites have none. */
const PopupLimitsLine = lazyComponent(() => import('@/components/popup/PopupLimitsLine').then((m) => m.PopupLimitsLine));

const FIRST = 5;

interface Props {
  reports: ListedReport[];
  error: ApiErrorData | null;
  /** The tab the popup is on, for the report view's "Show on page". */
  tabId: number | undefined;
  /** Sum up the newest report's checks (not when the report just made shows its own above). */
  summariseNewest: boolean;
  /** Shown from the cache while the service is asked again. */
  refreshing?: boolean;
  /** Drawn under the newest report's summary: the line about the page's site. */
  children?: ComponentChildren;
}

/** Reports already made for this address, newest first, each a link to its report view; the newest summed up. */
export function PageReports({ reports, error, tabId, summariseNewest, refreshing = false, children }: Props) {
  const [all, setAll] = useState(false);
  const shown = all ? reports : reports.slice(0, FIRST);
  return (
    <section class="page-reports" aria-labelledby="page-reports-heading" aria-busy={refreshing} data-count={reports.length}>
      <h2 id="page-reports-heading" class="page-reports__heading">
        {t('popReports')}
        {reports.length > 0 && <span class="muted"> ({reports.length})</span>}
      </h2>
      {error ? (
        <Notice tone="warning" live={false} message={error.message} extra={[t('popStillCreate')]}>
          {errorView(error, []).action === 'options' && <OpenOptionsButton />}
        </Notice>
      ) : reports.length === 0 ? (
        <>
          <p class="muted page-reports__empty">{t('popNoReports')}</p>
          {children}
        </>
      ) : (
        <>
          {summariseNewest && reports[0] && <ReportSummary report={reports[0]} tabId={tabId} />}
          {summariseNewest && reports[0] && <PopupLimitsLine reportId={reports[0].id} />}
          {children}
          <ul class="page-reports__list">
            {shown.map((report) => (
              <li key={report.id}>
                <a class="report-row" href={reportViewPathOf(report, tabId, namedService())} target="_blank" rel="noopener">
                  <ScoreBadge score={report.score} label={report.label} />
                  <span class="report-row__privacy">{PRIVACY_TEXT[report.privacy]}</span>
                  <span class="report-row__date muted">
                    <DateText iso={report.generatedAt ?? report.createdAt} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {!all && reports.length > FIRST && (
        <button type="button" class="button button--link" onClick={() => setAll(true)}>
          {tn('popShowAll', reports.length)}
        </button>
      )}
    </section>
  );
}
