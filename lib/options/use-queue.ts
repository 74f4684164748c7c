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
  const cancel = (url: string) =>
    act(async () => (await sendToBackground('cancelQueued', { url, everyService: true }), sendToBackground('getQueue', {})));

  return { queue, busy, error, retryNow, cancel };
}
