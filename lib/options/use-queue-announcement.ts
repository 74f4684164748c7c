import { useEffect, useRef } from 'preact/hooks';
import { queueChange } from '@/lib/options/queue-change';
import { useAnnouncer } from '@/lib/pages/use-announcer';
import { tn } from '@/lib/shared/i18n';

/**
 * What the queue's live region says: reports sent as the service came back, and how many still wait.
 * The queue as first read is not told; `cancelled` is called with an address cancelled on this page.
 */
export function useQueueAnnouncement(urls: readonly string[] | null): { text: string; cancelled: (url: string) => void } {
  const [text, announce] = useAnnouncer();
  const before = useRef<readonly string[] | null>(null);
  const cancelledHere = useRef(new Set<string>());
  const key = urls?.join('\n') ?? null;
  useEffect(() => {
    if (urls === null) return;
    const change = before.current === null ? null : queueChange(before.current, urls, cancelledHere.current);
    before.current = urls;
    if (!change) return;
    const waiting = change.waiting > 0 ? tn('queueWaiting', change.waiting) : '';
    announce(change.sent > 0 ? `${tn('queueSent', change.sent)} ${waiting}`.trim() : waiting);
  }, [key, announce]);
  return { text, cancelled: (url) => cancelledHere.current.add(url) };
}
