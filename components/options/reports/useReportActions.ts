import { useCallback, useState } from 'preact/hooks';
import { asApiError, type ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import type { RowActivity } from '@/components/options/reports/ReportRow';
import type { BulkChoice } from '@/components/options/reports/BulkActionDialog';

export type OpenDialog = { kind: 'privacy'; report: Report } | { kind: 'delete'; report: Report } | { kind: 'bulk'; choice: BulkChoice } | null;

interface Options {
  replaceReport: (report: Report) => void;
  reload: () => Promise<void>;
  announce: (text: string) => void;
}

function scoreWords(report: Report): string {
  if (!report.label) return 'not rated';
  const word = RESULT_LABEL_TEXT[report.label].toLowerCase();
  return report.score === null ? word : `${Math.round(report.score)}, ${word}`;
}

/**
 * What a row's buttons start, and where each one's outcome is told. A failed
 * action names the report and shows the service's words, then reloads the
 * list so it shows what the service holds (the report may have gone).
 */
export function useReportActions({ replaceReport, reload, announce }: Options) {
  const [activity, setActivity] = useState<ReadonlyMap<number, RowActivity>>(new Map());
  const [actionError, setActionError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const setRowActivity = useCallback((id: number, value: RowActivity | undefined) => {
    setActivity((current) => {
      const next = new Map(current);
      if (value) next.set(id, value);
      else next.delete(id);
      return next;
    });
  }, []);

  const fail = useCallback(
    (what: string, report: Report, error: ApiError) => {
      setActionError(`Could not ${what} ${report.url}: ${error.message}`);
      void reload();
    },
    [reload],
  );

  const regenerate = useCallback(
    async (report: Report) => {
      setActionError(null);
      setRowActivity(report.id, 'regenerating');
      announce(`Regenerating the report of ${report.url}. This can take a while.`);
      try {
        const fresh = await sendToBackground('updateReport', { id: report.id, regenerate: true });
        replaceReport(fresh);
        announce(`Regenerated ${report.url}: ${scoreWords(fresh)}.`);
      } catch (error) {
        fail('regenerate', report, asApiError(error));
      } finally {
        setRowActivity(report.id, undefined);
      }
    },
    [announce, fail, replaceReport, setRowActivity],
  );

  return { activity, actionError, setActionError, dialog, setDialog, regenerate };
}
