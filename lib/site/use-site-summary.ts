import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { SiteSummary } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';

export type SiteState =
  { phase: 'invalid' } | { phase: 'loading' } | { phase: 'failed'; error: ApiErrorData } | { phase: 'ready'; summary: SiteSummary };

const sameDrawing = (a: SiteSummary, b: SiteSummary) =>
  a.revision === b.revision && a.phase === b.phase && a.waitUntil === b.waitUntil && a.startedAt === b.startedAt && a.reportsTotal === b.reportsTotal;

/**
 * The site view's summary: the one kept or being read when there is one (drawn at once), else a
 * reading started now; drawn again each time the background says a page of the list was folded in.
 * A summary the background no longer has (null) leaves the one drawn.
 */
export function useSiteSummary(project: string | null) {
  const [state, setState] = useState<SiteState>(project ? { phase: 'loading' } : { phase: 'invalid' });

  const show = useCallback((summary: SiteSummary | null) => {
    if (!summary) return;
    setState((now) => (now.phase === 'ready' && sameDrawing(now.summary, summary) ? now : { phase: 'ready', summary }));
  }, []);
  const fail = useCallback((error: unknown) => setState({ phase: 'failed', error: errorData(error) }), []);

  const start = useCallback(
    async (refresh: boolean) => {
      if (!project) return;
      try {
        show(await sendToBackground('startSiteSummary', { project, refresh }));
      } catch (error) {
        fail(error);
      }
    },
    [project, show, fail],
  );

  useEffect(() => {
    if (!project) return;
    const read = () => sendToBackground('getSiteSummary', { project }).then(show, fail);
    // One message: the summary kept or being read, or a reading started now.
    void start(false);
    return onStateChanged((change) => {
      if (change === 'site') void read();
    });
  }, [project, show, fail, start]);

  const cancel = async () => {
    if (!project) return;
    try {
      show(await sendToBackground('cancelSiteSummary', { project }));
    } catch (error) {
      fail(error);
    }
  };

  return { state, refresh: () => void start(true), cancel: () => void cancel() };
}
