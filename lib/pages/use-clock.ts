import { useEffect, useState } from 'preact/hooks';

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
