import type { ListedReport } from '@/lib/protocol';
import { changeLine } from '@/lib/pages/score-change';
import { reportViewPathOf } from '@/lib/shared/report-view-address';
import { t, tn } from '@/lib/shared/i18n';
import { namedService } from '@/lib/pages/send-to-background';

/**
 * A report's checks in a few lines: failed checks by importance, the first
 * three failed ones of high importance, what changed since the report
 * before, and the way to all of them in the report view. The summary is
 * counted in the background; the checks never reach the popup.
 */
export function ReportSummary({ report, tabId, link = true }: { report: ListedReport; tabId: number | undefined; link?: boolean }) {
  const summary = report.summary;
  if (!summary || summary.total === 0) return null;
  const { high, medium, low } = summary.failed;
  const failed = high + medium + low;
  return (
    <div class="summary">
      <p class="summary__counts">
        {failed === 0 ? (
          tn('reportAllPassed', summary.total)
        ) : (
          <>
            <strong>{tn('popFailed', failed)}</strong> {t('popByImportance', { high, medium, low })}
          </>
        )}
      </p>
      {summary.topFailures.length > 0 && (
        <ul class="summary__top" aria-label={t('popTopFailed')}>
          {summary.topFailures.map((failure) => (
            <li key={failure.key}>{failure.name}</li>
          ))}
        </ul>
      )}
      {summary.change && <p class="summary__change">{changeLine(summary.change)}</p>}
      {link && (
        <a class="button summary__all" href={reportViewPathOf(report, tabId, namedService())} target="_blank" rel="noopener">
          {tn('popAllChecks', summary.total)}
        </a>
      )}
    </div>
  );
}
