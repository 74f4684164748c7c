import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { Notice } from '@/components/ui/Notice';
import type { Selection } from '@/lib/options/use-selection';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { useWatchPages, type PageToWatch } from '@/lib/pages/use-watch-pages';
import { checksPerMonth, passesQuota } from '@/lib/shared/watch-cost';
import { formatNumber, t } from '@/lib/shared/i18n';

/** The most pages one click watches: the most watches there may be. */
const MOST = 200;

/**
 * "Watch these pages" for the reports chosen one by one: each page weekly, with the privacy of the
 * chosen report when it is on the page shown. Warns first when the watches would pass the month's quota.
 */
export function WatchSelected({ selection, shown }: { selection: Selection; shown: readonly Report[] }) {
  const { busy, said, error, watch } = useWatchPages();
  const [overQuota, setOverQuota] = useState<{ checks: number; quota: number; pages: PageToWatch[] } | null>(null);
  const chosen = selection.kind === 'reports' ? [...selection.chosen] : [];
  const none = chosen.length === 0 || chosen.length > MOST;

  const pages = (): PageToWatch[] => {
    const privacyOf = new Map(shown.map((report) => [report.id, report.privacy]));
    return chosen.map(([id, url]) => ({ url, ...(privacyOf.has(id) ? { privacy: privacyOf.get(id)! } : {}) }));
  };

  const start = async () => {
    const wanted = pages();
    setOverQuota(null);
    const [view, account] = await Promise.all([sendToBackground('getWatches', {}), sendToBackground('getAccount', {}).catch(() => null)]);
    const quota = account?.reportsPerMonth ?? null;
    if (typeof quota === 'number' && passesQuota(view.checksPerMonth, wanted.length, 'weekly', quota)) {
      setOverQuota({ checks: view.checksPerMonth + wanted.length * checksPerMonth('weekly'), quota, pages: wanted });
      return;
    }
    await watch(wanted);
  };

  return (
    <>
      <button
        type="button"
        class="button rm-selection__watch"
        aria-disabled={none || busy}
        onClick={() => !none && !busy && void start().catch(() => undefined)}
      >
        {t('watchTheseThePages')}
      </button>
      {overQuota && (
        <Notice tone="warning" message={t('watchOverQuota', { checks: formatNumber(overQuota.checks), quota: formatNumber(overQuota.quota) })}>
          <button
            type="button"
            class="button"
            onClick={() => {
              const wanted = overQuota.pages;
              setOverQuota(null);
              void watch(wanted);
            }}
          >
            {t('watchAnyway')}
          </button>
        </Notice>
      )}
      {said.length > 0 && <Notice tone="info" message={said[0]!} extra={said.slice(1)} />}
      {error && <Notice tone="error" message={error.message} />}
    </>
  );
}
