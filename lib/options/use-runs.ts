import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { RunView } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/**
 * The runs of many reports the background owns, kept current while the
 * options page is open. `finishedCount` grows each time a run is seen to end,
 * so the reports list can read the service again.
 */
export function useRuns() {
  const [runs, setRuns] = useState<RunView[] | null>(null);
  const [error, setError] = useState<ApiErrorData | null>(null);
  const [finishedCount, setFinishedCount] = useState(0);
  /** The state each run was last seen in; null until the first read, whose runs ended before this page opened. */
  const known = useRef<Map<string, RunView['state']> | null>(null);

  const show = useCallback((next: RunView[]) => {
    let ended = 0;
    const first = known.current === null;
    const seen = (known.current ??= new Map());
    for (const run of next) {
      const before = seen.get(run.id);
      // Ended since the last read, including a run started and ended between two reads.
      if (!first && run.state !== 'running' && before !== run.state) ended++;
      seen.set(run.id, run.state);
    }
    if (ended > 0) setFinishedCount((n) => n + ended);
    setRuns(next);
  }, []);

  const run = useCallback(
    async (work: () => Promise<RunView[]>) => {
      setError(null);
      try {
        show(await work());
      } catch (caught) {
        setError(errorData(caught, t('rmRunsUnreadable')));
      }
    },
    [show],
  );

  const load = useCallback(() => run(() => sendToBackground('getRuns', {})), [run]);

  useEffect(() => {
    void load();
    return onStateChanged((change) => {
      if (change === 'runs') void load();
    });
  }, [load]);

  return {
    runs,
    error,
    finishedCount,
    stop: (id: string) => run(() => sendToBackground('stopRun', { id })),
    retry: (id: string) => run(() => sendToBackground('retryRun', { id })),
    dismiss: (id: string) => run(() => sendToBackground('dismissRun', { id })),
  };
}
