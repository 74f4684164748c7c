import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ReportView } from '@/lib/protocol';
import { afterPaint } from '@/lib/pages/after-paint';
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

export interface ReportAnswers {
  /** The copy the background kept, or null. */
  cached: Promise<ReportView | null>;
  /** The report as the service has it now. */
  fresh: Promise<ReportView>;
}

/** Asks the background for both at once; call it as early as the page can, before it draws anything. */
export function askForReport({ id, generatedAt, url }: ReportViewTarget): ReportAnswers {
  const cached = sendToBackground('getCachedReport', { id, ...(generatedAt ? { generatedAt } : {}) }).catch(() => null);
  return { cached, fresh: sendToBackground('getReport', { id, ...(url ? { url } : {}) }) };
}

/**
 * The kept copy, if the background answers within `ms`: the page's first
 * render then draws the report, with no "Loading…" frame before it.
 */
export function keptCopyWithin(answers: ReportAnswers | null, ms: number): Promise<ReportView | null> {
  if (!answers) return Promise.resolve(null);
  return Promise.race([answers.cached, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

const keptState = (view: ReportView): ReportState => ({ phase: 'ready', view, fresh: false, refreshError: null, regenerating: false });

/**
 * The report the view's address names: drawn at once from the copy kept by
 * the background when there is one, then as the service has it now.
 * `asked`: the answers already asked for before the page was drawn; `kept`: the kept copy, if it came already.
 */
export function useReport(target: ReportViewTarget | null, asked: ReportAnswers | null = null, kept: ReportView | null = null) {
  const [state, setState] = useState<ReportState>(!target ? { phase: 'invalid' } : kept ? keptState(kept) : { phase: 'loading' });
  const first = useRef(asked);
  /** Whether the kept copy is drawn: the service's answer then waits until it is painted. */
  const keptDrawn = useRef(kept !== null);

  const load = useCallback(async () => {
    if (!target) return;
    const answers = first.current ?? askForReport(target);
    first.current = null;
    void answers.cached.then((view) =>
      setState((now) => {
        if (!view || now.phase !== 'loading') return now;
        keptDrawn.current = true;
        return keptState(view);
      }),
    );
    try {
      const view = await answers.fresh;
      if (keptDrawn.current) await afterPaint();
      setState((now) => {
        if (now.phase === 'deleted') return now;
        // The kept copy was right: the checks already drawn stay as they are, not drawn a second time.
        const same = now.phase === 'ready' && JSON.stringify(now.view) === JSON.stringify(view);
        return { phase: 'ready', view: same ? now.view : view, fresh: true, refreshError: null, regenerating: false };
      });
    } catch (error) {
      const data = errorData(error);
      setState((now) =>
        now.phase === 'ready' ? { ...now, fresh: true, refreshError: data } : now.phase === 'deleted' ? now : { phase: 'failed', error: data },
      );
    }
  }, [target]);

  // Before the first paint, not after it: the kept copy is asked for a frame sooner.
  useLayoutEffect(() => void load(), [load]);

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
      const view = await sendToBackground('getReport', { id: target.id, url: state.view.report.url });
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
