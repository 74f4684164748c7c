import { useRef } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/address';
import { PRIVACY_TEXT } from '@/lib/shared/score';
import { useFocusOnMount } from '@/lib/pages/hooks';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';

/** The report just made: score and label, date, privacy, and the way to the full report on the service's site. */
export function JobResult({ report, baseUrl, onDismiss }: { report: Report; baseUrl: string; onDismiss: () => void }) {
  const link = useRef<HTMLAnchorElement>(null);
  useFocusOnMount(link);
  return (
    <section class="panel result" data-job="done" aria-labelledby="result-heading">
      <div role="status">
        <h2 id="result-heading">Report ready</h2>
      </div>
      <div class="result__score">
        <ScoreBadge score={report.score} label={report.label} size="large" />
      </div>
      <p class="result__meta muted">
        <DateText iso={report.generatedAt ?? report.createdAt} prefix="Made " /> · {PRIVACY_TEXT[report.privacy]}
      </p>
      <div class="result__actions">
        <a ref={link} class="button button--primary" href={reportWebUrl(baseUrl, report.id)} target="_blank" rel="noopener noreferrer">
          Open the report
        </a>
        <button type="button" class="button" onClick={onDismiss}>
          Done
        </button>
      </div>
    </section>
  );
}
