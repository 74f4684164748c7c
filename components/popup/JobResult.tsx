import { useRef } from 'preact/hooks';
import { reportWebUrl } from '@/lib/api/service-address';
import type { ListedReport } from '@/lib/protocol';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { ReportSummary } from '@/components/popup/ReportSummary';
import { reportViewPathOf } from '@/lib/shared/report-view-address';
import { t, tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

interface Props {
  report: ListedReport;
  baseUrl: string;
  tabId: number | undefined;
  onDismiss: () => void;
}

/** The report just made: score and label, what failed, what changed, and the way to every check. */
export function JobResult({ report, baseUrl, tabId, onDismiss }: Props) {
  const link = useRef<HTMLAnchorElement>(null);
  useFocusOnMount(link);
  const total = report.summary?.total ?? 0;
  return (
    <section class="panel result" data-job="done" aria-labelledby="result-heading">
      <h2 id="result-heading">{t('notifyReady')}</h2>
      <div class="result__score">
        <ScoreBadge score={report.score} label={report.label} size="large" />
      </div>
      <p class="result__meta muted">
        <DateText iso={report.generatedAt ?? report.createdAt} words={(when) => t('popMade', { when })} /> · {PRIVACY_TEXT[report.privacy]}
      </p>
      <ReportSummary report={report} tabId={tabId} link={false} />
      <div class="result__actions">
        <a ref={link} class="button button--primary" href={reportViewPathOf(report, tabId, namedService())} target="_blank" rel="noopener">
          {total > 0 ? tn('popAllChecks', total) : t('popOpenReport')}
        </a>
        <button type="button" class="button" onClick={onDismiss}>
          {t('popDone')}
        </button>
      </div>
      <a class="result__service" href={reportWebUrl(baseUrl, report.id)} target="_blank" rel="noopener noreferrer">
        {t('reportOpenOnService')}
      </a>
    </section>
  );
}
