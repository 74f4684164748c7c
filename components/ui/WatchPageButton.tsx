import { Notice } from '@/components/ui/Notice';
import { useWatchPages } from '@/lib/pages/use-watch-pages';
import type { Privacy } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/** "Watch this page" (the popup, the report view): checked weekly from then on, with its latest report's privacy. */
export function WatchPageButton({ url, privacy }: { url: string; privacy?: Privacy }) {
  const { watched, busy, said, error, watch } = useWatchPages(url);
  return (
    <div class="watch-page">
      {watched ? (
        <p class="watch-page__state muted" role="status">
          {said.length > 0 ? t('watchWatching') : t('watchAlreadyWatched')}
        </p>
      ) : (
        <button
          type="button"
          class="button button--link"
          disabled={busy}
          onClick={() => void watch([{ url, ...(privacy !== undefined ? { privacy } : {}) }])}
        >
          {t('watchThisPage')}
        </button>
      )}
      {said.length > 1 && <Notice tone="info" message={said[1]!} />}
      {error && <Notice tone="error" message={error.message} />}
    </div>
  );
}
