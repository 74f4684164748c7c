import type { CheckFilters as Filters } from '@/lib/report/check-groups';
import { IMPORTANCES } from '@/lib/shared/check-summary';

const SHOW: { value: Filters['show']; text: string }[] = [
  { value: 'all', text: 'All checks' },
  { value: 'failed', text: 'Failed only' },
];
const IMPORTANCE_TEXT = { all: 'Any importance', high: 'High', medium: 'Medium', low: 'Low' } as const;

/** Failed only or all, and by importance: what the list below shows. */
export function CheckFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  return (
    <form class="filters" aria-label="Filter the checks" onSubmit={(e) => e.preventDefault()}>
      <fieldset class="filters__show">
        <legend class="field__label">Show</legend>
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
              <span class="segment__text">{text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field filters__importance">
        <label class="field__label" for="filter-importance">
          Importance
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
              {IMPORTANCE_TEXT[value]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
