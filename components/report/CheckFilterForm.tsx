import type { CheckFilters } from '@/lib/report/check-groups';
import { IMPORTANCES } from '@/lib/shared/check-summary';
import { t, type PlainKey } from '@/lib/shared/i18n';

const SHOW = [
  { value: 'all', text: 'filtersAll' },
  { value: 'failed', text: 'filtersFailed' },
] as const satisfies { value: CheckFilters['show']; text: PlainKey }[];
const IMPORTANCE_TEXT = { all: 'importanceAny', high: 'importanceHigh', medium: 'importanceMedium', low: 'importanceLow' } as const satisfies Record<
  string,
  PlainKey
>;

/** Failed only or all, and by importance: what the list below shows. */
export function CheckFilterForm({ filters, onChange }: { filters: CheckFilters; onChange: (filters: CheckFilters) => void }) {
  return (
    <form class="filters" aria-label={t('filtersLabel')} onSubmit={(e) => e.preventDefault()}>
      <fieldset class="filters__show">
        <legend class="field__label">{t('filtersShow')}</legend>
        <div class="segments">
          {SHOW.map(({ value, text }) => (
            <label class="segment" key={value}>
              <input
                class="segment__input"
                type="radio"
                name="show"
                value={value}
                checked={filters.show === value}
                onChange={() => onChange({ ...filters, show: value })}
              />
              <span class="segment__text">{t(text)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field filters__importance">
        <label class="field__label" for="filter-importance">
          {t('filtersImportance')}
        </label>
        <select
          id="filter-importance"
          class="input"
          value={filters.importance}
          onChange={(e) => {
            const value = e.currentTarget.value;
            const importance = value === 'all' ? 'all' : IMPORTANCES.find((i) => i === value);
            if (importance) onChange({ ...filters, importance });
          }}
        >
          {(['all', ...IMPORTANCES] as const).map((value) => (
            <option key={value} value={value}>
              {t(IMPORTANCE_TEXT[value])}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
