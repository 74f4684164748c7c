import { useEffect, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { RequestOf, WatchesView } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/** The watched pages and their settings, kept current while the options page is open; each action answers the view as it is now. */
export function useWatches() {
  const [view, setView] = useState<WatchesView | null>(null);
  const [error, setError] = useState<ApiErrorData | null>(null);

  const act = async (work: () => Promise<WatchesView>): Promise<boolean> => {
    setError(null);
    try {
      setView(await work());
      return true;
    } catch (caught) {
      setError(errorData(caught, t('watchUnreadable')));
      return false;
    }
  };

  useEffect(() => {
    const load = () => void act(() => sendToBackground('getWatches', {}));
    load();
    return onStateChanged((changed) => {
      if (changed === 'watches') load();
    });
  }, []);

  return {
    view,
    error,
    change: (request: RequestOf<'changeWatch'>) => act(() => sendToBackground('changeWatch', request)),
    remove: (id: string) => act(() => sendToBackground('removeWatch', { id })),
    checkNow: (id: string) => act(() => sendToBackground('checkWatchNow', { id })),
    saveSettings: (request: RequestOf<'saveWatchSettings'>) => act(() => sendToBackground('saveWatchSettings', request)),
  };
}
