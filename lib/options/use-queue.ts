import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { QueuedReport } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/** The reports waiting for the service to be back, kept current while the options page is open. */
export function useQueue() {
  const [queue, setQueue] = useState<QueuedReport[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorData | null>(null);

  const run = useCallback(async (work: () => Promise<QueuedReport[] | null>) => {
    setError(null);
    try {
      const next = await work();
      if (next) setQueue(next);
    } catch (caught) {
      setError(errorData(caught, t('errorQueueUnreadable')));
    }
  }, []);

  const load = useCallback(() => run(() => sendToBackground('getQueue', {})), [run]);

  useEffect(() => {
    void load();
    return onStateChanged((change) => {
      if (change === 'queue') void load();
    });
  }, [load]);

  const retryNow = async () => {
    setBusy(true);
    await run(() => sendToBackground('retryQueue', {}));
    setBusy(false);
  };
  const cancel = (url: string) => run(async () => (await sendToBackground('cancelQueued', { url }), sendToBackground('getQueue', {})));

  return { queue, busy, error, retryNow, cancel };
}
