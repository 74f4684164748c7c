import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { saveFile } from '@/lib/report/report-file';
import { jiraFileName } from '@/lib/report/jira-csv';
import { JIRA_MAX_REPORTS, jiraExport, type JiraTarget } from '@/lib/report/jira-reports';
import { t, tn } from '@/lib/shared/i18n';
import '@/components/handover/jira-export.css';

interface Props {
  /** The reports to export, asked for on the click; `total`: how many were chosen, when more than those listed. */
  targets: () => Promise<{ targets: JiraTarget[]; total: number }>;
  /** What the file is named after: a site, or the day of a selection. */
  name: string;
  disabled?: boolean;
}

interface Outcome {
  tone: 'done' | 'failed';
  lines: string[];
  failures: string[];
}

/** "Export for Jira" of many reports: each one read through the background with the progress told, then one CSV saved. */
export function JiraExportButton({ targets, name, disabled = false }: Props) {
  const [progress, setProgress] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = progress !== null;

  const exportAll = async () => {
    setOutcome(null);
    setProgress(t('loading'));
    try {
      const chosen = await targets();
      const lines = chosen.total > JIRA_MAX_REPORTS ? [t('jiraTooMany', { max: JIRA_MAX_REPORTS, total: chosen.total })] : [];
      const made = await jiraExport(
        chosen.targets,
        (id) => sendToBackground('getHandoverReport', { id }),
        (done, total) => setProgress(t('jiraReading', { done, total })),
      );
      const failures = made.failed.map(({ url, reason }) => t('jiraReportFailed', { address: url, reason }));
      if (made.read === 0 && made.failed.length > 0) return setOutcome({ tone: 'failed', lines: [...lines, t('jiraNoneRead')], failures });
      if (made.rows === 0) return setOutcome({ tone: 'done', lines: [...lines, t('jiraNone')], failures });
      const file = jiraFileName(name);
      saveFile(made.csv, file, 'text/csv');
      setOutcome({ tone: 'done', lines: [...lines, tn('jiraSaved', made.rows, { file })], failures });
    } catch (error) {
      setOutcome({ tone: 'failed', lines: [t('rmExportFailed', { message: asApiError(error).message })], failures: [] });
    } finally {
      setProgress(null);
    }
  };

  const off = disabled || busy;
  return (
    <div class="jira-export">
      <button type="button" class="button" data-action="export-jira" aria-disabled={off} onClick={() => !off && void exportAll()}>
        {t('handoverExportJira')}
      </button>
      <div
        class={`jira-export__outcome${outcome?.tone === 'failed' ? ' jira-export__outcome--failed' : ''}`}
        role="status"
        data-jira-outcome={outcome?.tone ?? ''}
      >
        {progress ?? outcome?.lines.join(' ')}
        {!busy && outcome && outcome.failures.length > 0 && (
          <ul class="jira-export__failures">
            {outcome.failures.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
