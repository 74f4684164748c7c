import type { ReportPage } from '@/lib/api';

interface Props {
  page: ReportPage | null;
  /** The page asked for; shown while its answer is on the way. */
  current: number;
  onPage: (page: number) => void;
}

import { reportsCount } from '@/lib/shared/run-text';
import { t } from '@/lib/shared/i18n';

/**
 * First, previous, next and last page, with where the user is and how many
 * reports there are. Buttons at an end are aria-disabled rather than
 * disabled, so the focus stays on "Next" when it reaches the last page.
 */
export function Pager({ page, current, onPage }: Props) {
  const last = page?.lastPage ?? 1;
  const atStart = current <= 1;
  const atEnd = current >= last;

  return (
    <nav class="rm-pager" aria-label={t('rmPages')}>
      <p class="rm-pager__count">
        {page
          ? page.from !== null && page.to !== null
            ? t('rmRange', { from: page.from, to: page.to, reports: reportsCount(page.total) })
            : reportsCount(page.total)
          : '\u00a0'}
      </p>
      <div class="rm-pager__buttons">
        <button type="button" class="button" aria-disabled={atStart} onClick={() => !atStart && onPage(1)}>
          <span aria-hidden="true">«</span> {t('rmFirst')}
        </button>
        <button type="button" class="button" aria-disabled={atStart} onClick={() => !atStart && onPage(current - 1)}>
          <span aria-hidden="true">‹</span> {t('rmPrevious')}
        </button>
        <span class="rm-pager__where" aria-current="page">
          {t('rmPageOf', { page: current, last })}
        </span>
        <button type="button" class="button" aria-disabled={atEnd} onClick={() => !atEnd && onPage(current + 1)}>
          {t('rmNext')} <span aria-hidden="true">›</span>
        </button>
        <button type="button" class="button" aria-disabled={atEnd} onClick={() => !atEnd && onPage(last)}>
          {t('rmLast')} <span aria-hidden="true">»</span>
        </button>
      </div>
    </nav>
  );
}
