import { useCallback, useState } from 'preact/hooks';
import { asApiError, type ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t } from '@/lib/shared/i18n';

/** Something running on the row's report that the row itself shows. */
export type RowActivity = 'regenerating';

/** The bulk actions the selection bar offers. */
export type BulkChoice = 'delete' | 'regenerate' | 'public' | 'private';

export type OpenDialog = { kind: 'privacy'; report: Report } | { kind: 'delete'; report: Report } | { kind: 'bulk'; choice: BulkChoice } | null;

interface Options {
  replaceReport: (report: Report) => void;
  reload: () => Promise<void>;
  announce: (text: string) => void;
}

function scoreWords(report: Report): string {
  if (!report.label) return t('rmNotRated');
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
    (report: Report, error: ApiError) => {
      setActionError(t('rmRegenerateFailed', { address: report.url, message: error.message }));
      void reload();
    },
    [reload],
  );

  const regenerate = useCallback(
    async (report: Report) => {
      setActionError(null);
      setRowActivity(report.id, 'regenerating');
      announce(t('rmRegenerating', { address: report.url }));
      try {
        const fresh = await sendToBackground('updateReport', { id: report.id, regenerate: true });
        replaceReport(fresh);
        announce(t('rmRegenerated', { address: report.url, score: scoreWords(fresh) }));
      } catch (error) {
        fail(report, asApiError(error));
      } finally {
        setRowActivity(report.id, undefined);
      }
    },
    [announce, fail, replaceReport, setRowActivity],
  );

  return { activity, actionError, setActionError, dialog, setDialog, regenerate };
}
