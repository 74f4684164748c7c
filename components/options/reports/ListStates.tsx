import type { ApiError } from '@/lib/api/errors';
import { Notice } from '@/components/ui/Notice';

/** The load failed: the rows already shown stay, and this says why beside them. */
export function LoadError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <Notice tone="error" message={error.message}>
      <button type="button" class="button" onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}

export function FirstLoad() {
  return (
    <div class="rm-placeholder">
      <span class="spinner" aria-hidden="true" /> Loading reports…
    </div>
  );
}

/** No rows: either the account has none, or the filters hide them all. */
export function EmptyList({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  if (!filtered) {
    return (
      <div class="rm-placeholder">
        <p class="rm-placeholder__title">No reports yet</p>
        <p class="muted">Reports you create with the toolbar button appear here.</p>
      </div>
    );
  }
  return (
    <div class="rm-placeholder">
      <p class="rm-placeholder__title">Nothing matches these filters</p>
      <button type="button" class="button" onClick={onClearFilters}>
        Clear filters
      </button>
    </div>
  );
}
