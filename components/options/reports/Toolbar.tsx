import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { SORT_KEY_TEXT } from '@/lib/options/reports-view';
import { optionOf, PER_PAGE_OPTIONS, RESULT_FILTERS, SORT_DIRECTIONS, SORT_KEYS, type ResultFilter } from '@/lib/shared/list-options';
import type { ReportsView } from '@/lib/protocol';
import { DebouncedInput } from '@/components/options/reports/DebouncedInput';

interface Props {
  view: ReportsView;
  projects: readonly string[];
  onChange: (change: Partial<ReportsView>) => void;
}

const RESULT_OPTIONS: [ResultFilter, string][] = [
  ['all', 'All results'],
  ['good', RESULT_LABEL_TEXT.good],
  ['decent', RESULT_LABEL_TEXT.decent],
  ['bad', RESULT_LABEL_TEXT.bad],
];

/** Search, filters, sort and page size: each one a labelled control that changes the view. */
export function Toolbar({ view, projects, onChange }: Props) {
  return (
    <div class="rm-toolbar" role="search" aria-label="Find reports">
      <div class="field rm-field--wide">
        <label class="field__label" for="rm-search">
          Search addresses
        </label>
        <DebouncedInput
          id="rm-search"
          type="search"
          value={view.search}
          maxLength={2048}
          placeholder="example.com/blog"
          onCommit={(search) => onChange({ search })}
        />
      </div>
      <div class="field">
        <label class="field__label" for="rm-project">
          Project
        </label>
        <DebouncedInput
          id="rm-project"
          value={view.project}
          list="rm-projects"
          maxLength={255}
          placeholder="All projects"
          onCommit={(project) => onChange({ project })}
        />
        <datalist id="rm-projects">
          {projects.map((project) => (
            <option key={project} value={project} />
          ))}
        </datalist>
      </div>
      <div class="field">
        <label class="field__label" for="rm-result">
          Result
        </label>
        <select
          class="input"
          id="rm-result"
          value={view.result}
          onChange={(e) => onChange({ result: optionOf(RESULT_FILTERS, e.currentTarget.value) ?? view.result })}
        >
          {RESULT_OPTIONS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label class="field__label" for="rm-sort-by">
          Sort by
        </label>
        <select
          class="input"
          id="rm-sort-by"
          value={view.sortBy}
          onChange={(e) => onChange({ sortBy: optionOf(SORT_KEYS, e.currentTarget.value) ?? view.sortBy })}
        >
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {SORT_KEY_TEXT[key]}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label class="field__label" for="rm-sort">
          Order
        </label>
        <select
          class="input"
          id="rm-sort"
          value={view.sort}
          onChange={(e) => onChange({ sort: optionOf(SORT_DIRECTIONS, e.currentTarget.value) ?? view.sort })}
        >
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </div>
      <div class="field">
        <label class="field__label" for="rm-per-page">
          Per page
        </label>
        <select
          class="input"
          id="rm-per-page"
          value={String(view.perPage)}
          onChange={(e) => onChange({ perPage: optionOf(PER_PAGE_OPTIONS, e.currentTarget.value) ?? view.perPage })}
        >
          {PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
