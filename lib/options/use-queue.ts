import { useState } from 'preact/hooks';
import { useBackgroundList } from '@/lib/pages/use-background-list';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/** The reports waiting for the service to be back, kept current while the options page is open. */
export function useQueue() {
  const [busy, setBusy] = useState(false);
  const {
    list: queue,
    error,
    act,
  } = useBackgroundList(
    'queue',
    () => sendToBackground('getQueue', {}),
    () => t('errorQueueUnreadable'),
  );

  const retryNow = async () => {
    setBusy(true);
    await act(() => sendToBackground('retryQueue', {}));
    setBusy(false);
  };
  /** `service`: the one it waits for, when the queue names it; else the address is cancelled on every service. */
  const cancel = (url: string, service?: string) =>
    act(async () => {
      await sendToBackground('cancelQueued', service ? { url } : { url, everyService: true }, service);
      return sendToBackground('getQueue', {});
    });

  return { queue, busy, error, retryNow, cancel };
}
