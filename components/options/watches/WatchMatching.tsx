import { useState } from 'preact/hooks';
import { Notice } from '@/components/ui/Notice';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ListFilters } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { useWatchPages } from '@/lib/pages/use-watch-pages';
import { formatNumber, t } from '@/lib/shared/i18n';

/**
 * "Watch these pages" for "all N matching": the pages of every matching report, read by the background,
 * each watched once with its latest report's privacy. Refused in words when they pass the most watches
 * there may be; warned first when they would pass the month's quota.
 */
export function WatchMatching({ filters }: { filters: ListFilters }) {
  const { busy, said, error, overQuota, watchWithinQuota, watchAnyway } = useWatchPages();
  const [reading, setReading] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [readError, setReadError] = useState<ApiErrorData | null>(null);

  const press = async () => {
    if (busy || reading) return;
    setRefused(null);
    setReadError(null);
    setReading(true);
    let found;
    try {
      found = await sendToBackground('matchingPagesToWatch', { filters }, null);
    } catch (caught) {
      setReadError(errorData(caught));
      return;
    } finally {
      setReading(false);
    }
    if (found.tooMany) {
      setRefused(t('watchMatchingTooMany', { max: formatNumber(found.max), watched: formatNumber(found.watched) }));
    } else if (found.pages.length === 0) {
      setRefused(t('watchMatchingNone'));
    } else {
      await watchWithinQuota(found.pages);
    }
  };

  return (
    <>
      <button type="button" class="button rm-selection__watch" aria-disabled={busy || reading} onClick={() => void press()}>
        {t('watchTheseThePages')}
      </button>
      {reading && (
        <span class="muted" role="status">
          {t('watchMatchingReading')}
        </span>
      )}
      {refused && <Notice tone="warning" message={refused} />}
      {overQuota && (
        <Notice tone="warning" message={t('watchOverQuota', { checks: formatNumber(overQuota.checks), quota: formatNumber(overQuota.quota) })}>
          <button type="button" class="button" onClick={watchAnyway}>
            {t('watchAnyway')}
          </button>
        </Notice>
      )}
      {said.length > 0 && <Notice tone="info" message={said[0]!} extra={said.slice(1)} />}
      {(readError ?? error) && <Notice tone="error" message={(readError ?? error)!.message} />}
    </>
  );
}
