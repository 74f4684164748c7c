import { useEffect, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { Privacy } from '@/lib/shared/privacy';
import { errorData } from '@/lib/pages/error-view';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { tn } from '@/lib/shared/i18n';
import { checksPerMonth, passesQuota } from '@/lib/shared/watch-cost';

/** A page to watch, with its latest report's privacy when known. */
export interface PageToWatch {
  url: string;
  privacy?: Privacy;
}

/** The browser's time zone, in minutes east of UTC: a new watch keeps it. */
const offsetMinutes = () => -new Date().getTimezoneOffset();
/** New watches: weekly, at 9 in the morning; the options page changes either. */
const NEW_WATCH = { every: 'weekly', hour: 9 } as const;

/**
 * "Watch this page" and "Watch these pages": adds the watches and answers what to say. `url`: a page
 * whose watch is looked up first, so a page watched already says so.
 */
export function useWatchPages(url?: string) {
  const [watched, setWatched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string[]>([]);
  const [error, setError] = useState<ApiErrorData | null>(null);

  useEffect(() => {
    if (!url) return;
    let live = true;
    sendToBackground('getWatchFor', { url }).then(
      (watch) => live && setWatched(watch !== null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);

  const watch = async (pages: readonly PageToWatch[]) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await sendToBackground('addWatches', { pages: [...pages], ...NEW_WATCH, offsetMinutes: offsetMinutes() });
      setWatched(true);
      setSaid([tn('watchAdded', answer.added), ...(answer.madePrivate > 0 ? [tn('watchMadePrivate', answer.madePrivate)] : [])]);
      return answer;
    } catch (caught) {
      setError(errorData(caught));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const [overQuota, setOverQuota] = useState<{ checks: number; quota: number; pages: readonly PageToWatch[] } | null>(null);

  /** Watches the pages, unless that would pass the month's quota: then `overQuota` says so, and `watch` goes on anyway. */
  const watchWithinQuota = async (pages: readonly PageToWatch[]) => {
    setOverQuota(null);
    setError(null);
    try {
      const [view, account] = await Promise.all([sendToBackground('getWatches', {}), sendToBackground('getAccount', {}).catch(() => null)]);
      const quota = account?.reportsPerMonth ?? null;
      if (typeof quota === 'number' && passesQuota(view.checksPerMonth, pages.length, NEW_WATCH.every, quota)) {
        setOverQuota({ checks: view.checksPerMonth + pages.length * checksPerMonth(NEW_WATCH.every), quota, pages });
        return null;
      }
    } catch (caught) {
      setError(errorData(caught));
      return null;
    }
    return watch(pages);
  };
  const watchAnyway = () => {
    const pages = overQuota?.pages;
    setOverQuota(null);
    if (pages) void watch(pages);
  };

  return { watched, busy, said, error, watch, overQuota, watchWithinQuota, watchAnyway };
}
