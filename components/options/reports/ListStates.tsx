import type { ApiError } from '@/lib/api/errors';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

/** The load failed: the rows already shown stay, and this says why beside them. */
export function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <Notice tone="error" message={error.message}>
      <button type="button" class="button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </Notice>
  );
}

export function FirstLoad() {
  return (
    <div class="rm-placeholder">
      <span class="spinner" aria-hidden="true" /> {t('rmLoading')}
    </div>
  );
}

/** No rows: either the account has none, or the filters hide them all. */
export function EmptyList({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  if (!filtered) {
    return (
      <div class="rm-placeholder">
        <p class="rm-placeholder__title">{t('rmNoReports')}</p>
        <p class="muted">{t('rmNoReportsText')}</p>
      </div>
    );
  }
  return (
    <div class="rm-placeholder">
      <p class="rm-placeholder__title">{t('rmNothingMatches')}</p>
      <button type="button" class="button" onClick={onClearFilters}>
        {t('rmClearFilters')}
      </button>
    </div>
  );
}
