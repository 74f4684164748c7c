import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ReportView } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { ReportViewTarget } from '@/lib/shared/report-view-address';

export type ReportState =
  | { phase: 'invalid' }
  | { phase: 'loading' }
  | { phase: 'failed'; error: ApiErrorData }
  | {
      phase: 'ready';
      view: ReportView;
      /** False while it shows the copy kept from the last opening, until the service answers. */
      fresh: boolean;
      /** The service could not be asked again: the kept copy stays, and this says why. */
      refreshError: ApiErrorData | null;
      regenerating: boolean;
    }
  | { phase: 'deleted'; view: ReportView };

/**
 * The report the view's address names: drawn at once from the copy kept by
 * the background when there is one, then as the service has it now.
 */
export function useReport(target: ReportViewTarget | null) {
  const [state, setState] = useState<ReportState>(target ? { phase: 'loading' } : { phase: 'invalid' });

  const load = useCallback(async () => {
    if (!target) return;
    const { id, generatedAt } = target;
    void sendToBackground('getCachedReport', { id, ...(generatedAt ? { generatedAt } : {}) }).then(
      (view) =>
        view && setState((now) => (now.phase === 'loading' ? { phase: 'ready', view, fresh: false, refreshError: null, regenerating: false } : now)),
      () => undefined,
    );
    try {
      const view = await sendToBackground('getReport', { id });
      setState((now) => (now.phase === 'deleted' ? now : { phase: 'ready', view, fresh: true, refreshError: null, regenerating: false }));
    } catch (error) {
      const data = errorData(error);
      setState((now) =>
        now.phase === 'ready' ? { ...now, fresh: true, refreshError: data } : now.phase === 'deleted' ? now : { phase: 'failed', error: data },
      );
    }
  }, [target]);

  useEffect(() => void load(), [load]);

  const retry = () => {
    setState({ phase: 'loading' });
    void load();
  };

  /** Runs the audit again; the history and "what changed" are read again with it. Throws what failed. */
  const regenerate = async () => {
    if (state.phase !== 'ready' || !target) return;
    setState({ ...state, regenerating: true, refreshError: null });
    try {
      await sendToBackground('updateReport', { id: target.id, regenerate: true });
      const view = await sendToBackground('getReport', { id: target.id });
      setState({ phase: 'ready', view, fresh: true, refreshError: null, regenerating: false });
    } catch (error) {
      setState((now) => (now.phase === 'ready' ? { ...now, regenerating: false } : now));
      throw error;
    }
  };

  /** The report as the service answered a change to it (its privacy). */
  const replaceReport = (report: Report) =>
    setState((now) => (now.phase === 'ready' ? { ...now, view: { ...now.view, report: { ...report, checks: now.view.report.checks } } } : now));

  const markDeleted = () => setState((now) => (now.phase === 'ready' ? { phase: 'deleted', view: now.view } : now));

  return { state, retry, regenerate, replaceReport, markDeleted };
}
