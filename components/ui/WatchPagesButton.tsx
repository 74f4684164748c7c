import { Notice } from '@/components/ui/Notice';
import { useWatchPages, type PageToWatch } from '@/lib/pages/use-watch-pages';
import { formatNumber, t } from '@/lib/shared/i18n';

/** The most pages one click watches: the most watches there may be. */
export const MOST_WATCHED_AT_ONCE = 200;

/**
 * "Watch these pages" (the reports manager's selection, the site view): each page weekly. Warns
 * first when the watches would pass the month's quota, and says how many were added.
 */
export function WatchPagesButton({ pages, className = 'button' }: { pages: () => readonly PageToWatch[]; className?: string }) {
  const { busy, said, error, overQuota, watchWithinQuota, watchAnyway } = useWatchPages();
  return (
    <>
      <button type="button" class={className} aria-disabled={busy} onClick={() => !busy && void watchWithinQuota(pages())}>
        {t('watchTheseThePages')}
      </button>
      {overQuota && (
        <Notice tone="warning" message={t('watchOverQuota', { checks: formatNumber(overQuota.checks), quota: formatNumber(overQuota.quota) })}>
          <button type="button" class="button" onClick={watchAnyway}>
            {t('watchAnyway')}
          </button>
        </Notice>
      )}
      {said.length > 0 && <Notice tone="info" message={said[0]!} extra={said.slice(1)} />}
      {error && <Notice tone="error" message={error.message} />}
    </>
  );
}
