import type { SiteSummary } from '@/lib/protocol';
import { exactTime } from '@/lib/pages/dates';
import { useNow } from '@/lib/pages/use-clock';
import { Notice } from '@/components/ui/Notice';
import { LiveRegion } from '@/components/ui/LiveRegion';
import { useReadingAnnouncement } from '@/lib/site/use-reading-announcement';
import { t, tn } from '@/lib/shared/i18n';

/** How far the reading is: reports read of all, a wait the service asked for, a cancel, a failure, or the extension's bounds. */
export function SiteProgress({ summary, onRetry }: { summary: SiteSummary; onRetry: () => void }) {
  const now = useNow(1000);
  const total = summary.reportsTotal;
  const announcement = useReadingAnnouncement(summary);
  return (
    <div class="site__progress">
      <LiveRegion text={announcement} />
      {summary.phase === 'reading' && (
        <div class="site__reading">
          <p>
            <span class="spinner" aria-hidden="true" />{' '}
            {total === null ? t('siteReadingStart') : t('siteReadingOf', { read: summary.reportsRead, total })}
          </p>
          {total !== null && total > 0 && (
            <progress
              class="site__bar"
              max={total}
              value={Math.min(summary.reportsRead, total)}
              aria-label={t('siteReadingOf', { read: summary.reportsRead, total })}
            />
          )}
          {summary.waitUntil !== null && (
            <p class="site__wait" data-waiting="true">
              {tn('siteWaiting', Math.max(1, Math.ceil((summary.waitUntil - now) / 1000)))}
            </p>
          )}
        </div>
      )}
      {summary.phase === 'cancelled' && <Notice tone="info" live={false} message={tn('siteCancelled', summary.reportsRead)} />}
      {summary.phase === 'failed' && summary.error && (
        <Notice tone="error" message={t('siteReadFailed', { reason: summary.error.message })}>
          <button type="button" class="button" onClick={onRetry}>
            {t('tryAgain')}
          </button>
        </Notice>
      )}
      {summary.truncated && <Notice tone="warning" live={false} message={tn('siteTruncated', summary.reportsRead)} />}
      {summary.unreadable > 0 && <Notice tone="warning" live={false} message={tn('siteUnreadable', summary.unreadable)} />}
      {summary.phase === 'done' && (
        <p class="site__read muted" data-read="done">
          {t('siteReadAt', { when: exactTime(new Date(summary.updatedAt).toISOString()) })}
        </p>
      )}
    </div>
  );
}
