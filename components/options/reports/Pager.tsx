import type { ReportPage } from '@/lib/api';

interface Props {
  page: ReportPage | null;
  /** The page asked for; shown while its answer is on the way. */
  current: number;
  disabled: boolean;
  onPage: (page: number) => void;
}

const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'report' : 'reports'}`;

/**
 * First, previous, next and last page, with where the user is and how many
 * reports there are. Buttons at an end are aria-disabled rather than
 * disabled, so the focus stays on "Next" when it reaches the last page.
 */
export function Pager({ page, current, disabled, onPage }: Props) {
  const last = page?.lastPage ?? 1;
  const atStart = disabled || current <= 1;
  const atEnd = disabled || current >= last;
  const range = page && page.from !== null && page.to !== null ? `${page.from.toLocaleString()}–${page.to.toLocaleString()} of ` : '';
  return (
    <nav class="rm-pager" aria-label="Pages of reports">
      <p class="rm-pager__count">{page ? `${range}${count(page.total)}` : '\u00a0'}</p>
      <div class="rm-pager__buttons">
        <button type="button" class="button" aria-disabled={atStart} onClick={() => !atStart && onPage(1)}>
          <span aria-hidden="true">«</span> First
        </button>
        <button type="button" class="button" aria-disabled={atStart} onClick={() => !atStart && onPage(current - 1)}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <span class="rm-pager__where" aria-current="page">
          Page {current.toLocaleString()} of {last.toLocaleString()}
        </span>
        <button type="button" class="button" aria-disabled={atEnd} onClick={() => !atEnd && onPage(current + 1)}>
          Next <span aria-hidden="true">›</span>
        </button>
        <button type="button" class="button" aria-disabled={atEnd} onClick={() => !atEnd && onPage(last)}>
          Last <span aria-hidden="true">»</span>
        </button>
      </div>
    </nav>
  );
}
