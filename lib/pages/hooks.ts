import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { StateChange } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged } from '@/lib/pages/send-to-background';

/** The time, read again every `everyMs` while mounted, so what is shown from it does not go stale. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Whole seconds since `startedAt`, ticking once a second while mounted. */
export function useElapsedSeconds(startedAt: number): number {
  return Math.max(0, Math.floor((useNow(1000) - startedAt) / 1000));
}

/** Seconds left of a wait (a rate limit's Retry-After), counting down to 0. A new `from` or `token` restarts it. */
export function useCountdown(from: number | null, token?: unknown): number {
  const [left, setLeft] = useState(from ?? 0);
  useEffect(() => {
    if (!from) {
      setLeft(0);
      return;
    }
    const end = Date.now() + from * 1000;
    setLeft(from);
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [from, token]);
  return left;
}

/** Moves keyboard focus to an element when it first appears (the popup's main action, a result's link). */
export function useFocusOnMount<T extends HTMLElement>(ref: { current: T | null }): void {
  useEffect(() => {
    ref.current?.focus();
  }, []);
}

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
