import { useRef, useState } from 'preact/hooks';
import type { RunView } from '@/lib/protocol';
import { useBackgroundList } from '@/lib/pages/use-background-list';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/**
 * The runs of many reports the background owns, kept current while the
 * options page is open. `finishedCount` grows each time a run is seen to end,
 * so the reports list can read the service again.
 */
export function useRuns() {
  const [finishedCount, setFinishedCount] = useState(0);
  /** The state each run was last seen in; null until the first read, whose runs ended before this page opened. */
  const known = useRef<Map<string, RunView['state']> | null>(null);

  const countEnded = (next: RunView[]) => {
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
  };

  const {
    list: runs,
    error,
    act,
  } = useBackgroundList(
    'runs',
    () => sendToBackground('getRuns', {}),
    () => t('rmRunsUnreadable'),
    countEnded,
  );

  return {
    runs,
    error,
    finishedCount,
    stop: (id: string) => act(() => sendToBackground('stopRun', { id })),
    retry: (id: string) => act(() => sendToBackground('retryRun', { id })),
    dismiss: (id: string) => act(() => sendToBackground('dismissRun', { id })),
  };
}
