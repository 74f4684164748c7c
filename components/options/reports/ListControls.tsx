import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { SORT_KEY_TEXT } from '@/lib/options/list-query';
import { PER_PAGE_OPTIONS, SORT_KEYS, type ResultFilter, type SortDirection } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';
import { DebouncedInput } from '@/components/options/reports/DebouncedInput';
import { Field, MenuField } from '@/components/ui/Field';
import { t } from '@/lib/shared/i18n';

interface Props {
  query: ListQuery;
  projects: readonly string[];
  onChange: (change: Partial<ListQuery>) => void;
}

const RESULT_OPTIONS: [ResultFilter, string][] = [
  ['all', t('rmAllResults')],
  ['good', RESULT_LABEL_TEXT.good],
  ['decent', RESULT_LABEL_TEXT.decent],
  ['bad', RESULT_LABEL_TEXT.bad],
];

const SORT_OPTIONS = SORT_KEYS.map((key) => [key, SORT_KEY_TEXT[key]] as const);
const ORDER_OPTIONS: [SortDirection, string][] = [
  ['desc', t('rmDescending')],
  ['asc', t('rmAscending')],
];
const PER_PAGE_MENU = PER_PAGE_OPTIONS.map((n) => [n, String(n)] as const);

/** Search, filters, sort and page size: each one a labelled control that changes the query. */
export function ListControls({ query, projects, onChange }: Props) {
  return (
    <div class="rm-list-controls" role="search" aria-label={t('rmFind')}>
      <Field id="rm-search" label={t('rmSearch')} wide>
        <DebouncedInput
          id="rm-search"
          type="search"
          value={query.search}
          maxLength={2048}
          placeholder="example.com/blog"
          translate={false}
          onCommit={(search) => onChange({ search })}
        />
      </Field>
      <Field id="rm-project" label={t('rmProject')}>
        <DebouncedInput
          id="rm-project"
          value={query.project}
          list="rm-projects"
          maxLength={255}
          placeholder={t('rmAllProjects')}
          onCommit={(project) => onChange({ project })}
        />
        <datalist id="rm-projects">
          {projects.map((project) => (
            <option key={project} value={project} />
          ))}
        </datalist>
      </Field>
      <MenuField id="rm-result" label={t('rmResult')} value={query.result} options={RESULT_OPTIONS} onChoose={(result) => onChange({ result })} />
      <MenuField id="rm-sort-by" label={t('rmSortBy')} value={query.sortBy} options={SORT_OPTIONS} onChoose={(sortBy) => onChange({ sortBy })} />
      <MenuField id="rm-sort" label={t('rmOrder')} value={query.sort} options={ORDER_OPTIONS} onChoose={(sort) => onChange({ sort })} />
      <MenuField
        id="rm-per-page"
        label={t('rmPerPage')}
        value={query.perPage}
        options={PER_PAGE_MENU}
        onChoose={(perPage) => onChange({ perPage })}
      />
    </div>
  );
}
