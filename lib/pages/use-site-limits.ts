import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { SiteLimitsState } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/**
 * Every site's limits and accepted findings, read once when the page opens and again when the
 * background says they changed. `act` runs a change whose answer is the state as it is now.
 */
export function useSiteLimits() {
  const [state, setState] = useState<SiteLimitsState | null>(null);
  const [error, setError] = useState<ApiErrorData | null>(null);

  const act = useCallback(async (work: () => Promise<SiteLimitsState>): Promise<boolean> => {
    setError(null);
    try {
      setState(await work());
      return true;
    } catch (caught) {
      setError(errorData(caught, t('limitsUnreadable')));
      return false;
    }
  }, []);

  useEffect(() => {
    const load = () => void act(() => sendToBackground('getSiteLimits', {}));
    load();
    return onStateChanged((changed) => {
      if (changed === 'limits') load();
    });
  }, [act]);

  return { state, error, act };
}

export type SiteLimitsSource = ReturnType<typeof useSiteLimits>;
