import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { StateChange } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged } from '@/lib/pages/send-to-background';

/**
 * A list the background keeps (the queue, the runs), read when the page opens and again each time the
 * background announces `change`. `act` runs an action whose answer is the list as it is now (null: keep
 * the one shown). A failure is kept as an error in words: `unreadable` when the error has none of its own.
 * `onRead` sees each list read before it is shown.
 */
export function useBackgroundList<T>(change: StateChange, read: () => Promise<T[]>, unreadable: () => string, onRead?: (next: T[]) => void) {
  const [list, setList] = useState<T[] | null>(null);
  const [error, setError] = useState<ApiErrorData | null>(null);
  // The latest callbacks, so that `act` and the subscription stay the same across renders.
  const given = useRef({ read, unreadable, onRead });
  given.current = { read, unreadable, onRead };

  const act = useCallback(async (work: () => Promise<T[] | null>) => {
    setError(null);
    try {
      const next = await work();
      if (!next) return;
      given.current.onRead?.(next);
      setList(next);
    } catch (caught) {
      setError(errorData(caught, given.current.unreadable()));
    }
  }, []);

  useEffect(() => {
    const load = () => void act(() => given.current.read());
    load();
    return onStateChanged((changed) => {
      if (changed === change) load();
    });
  }, [act, change]);

  return { list, error, act };
}
