import type { Report } from '@/lib/api';
import type { SortKey } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';
import type { LimitsVerdict } from '@/lib/shared/site-limits';
import { ReportRow, rowWords, type RowActions } from '@/components/options/reports/ReportRow';
import type { RowActivity } from '@/lib/options/use-report-actions';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { t } from '@/lib/shared/i18n';
import { onReportRowKey } from '@/lib/options/row-keys';

interface Props extends RowActions {
  reports: readonly Report[];
  query: ListQuery;
  caption: string;
  loading: boolean;
  selected: ReadonlySet<number>;
  activity: ReadonlyMap<number, RowActivity>;
  now: number;
  onSelectAll: (selected: boolean) => void;
  onSort: (sortBy: SortKey, sort: ListQuery['sort']) => void;
  /** Each report against its site's limits, by id; undefined when no site has limits. */
  verdicts?: ReadonlyMap<number, LimitsVerdict | null>;
}

interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  query: ListQuery;
  onSort: Props['onSort'];
  /** The column's class, which sets its width. */
  column?: string;
}

function SortHeader({ label, sortKey, query, onSort, column }: SortHeaderProps) {
  const active = query.sortBy === sortKey;
  const next = active ? (query.sort === 'asc' ? 'desc' : 'asc') : sortKey === 'url' ? 'asc' : 'desc';
  const direction = query.sort === 'asc' ? 'ascending' : 'descending';
  return (
    <th scope="col" class={column} aria-sort={active ? direction : undefined}>
      <button type="button" class="rm-sort-button" onClick={() => onSort(sortKey, next)}>
        {label}
        <span class="rm-sort-mark" aria-hidden="true">
          {active ? (query.sort === 'asc' ? '▲' : '▼') : ''}
        </span>
        <span class="sr-only">{next === 'asc' ? t('rmSortAsc') : t('rmSortDesc')}</span>
      </button>
    </th>
  );
}

/** The reports of one page as a real table: a caption, column headers, and each address as its row's header. */
export function ReportsTable(props: Props) {
  const { reports, query, selected, onSort } = props;
  const chosen = reports.filter((r) => selected.has(r.id)).length;
  const words = useMemo(rowWords, []);
  // The rows get one actions object for the table's life, which calls the newest props' handlers: a row is drawn
  // again only when its own report, choice or activity changes.
  const latest = useRef(props);
  latest.current = props;
  const actions = useMemo<RowActions>(
    () => ({
      onSelect: (report, on) => latest.current.onSelect(report, on),
      onPrivacy: (report) => latest.current.onPrivacy(report),
      onRegenerate: (report) => latest.current.onRegenerate(report),
      onDelete: (report) => latest.current.onDelete(report),
      onCopyLink: (report) => latest.current.onCopyLink?.(report),
    }),
    [],
  );
  return (
    <div class="rm-table-wrap">
      <table class="rm-table" aria-busy={props.loading}>
        <caption class="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" class="rm-col-select">
              <SelectAll count={reports.length} chosen={chosen} onChange={props.onSelectAll} />
            </th>
            <SortHeader label={t('rmAddress')} sortKey="url" query={query} onSort={onSort} />
            <th scope="col" class="rm-col-project">
              {t('rmProject')}
            </th>
            <SortHeader label={t('rmResult')} sortKey="result" query={query} onSort={onSort} column="rm-col-score" />
            {props.verdicts && (
              <th scope="col" class="rm-col-limits">
                {t('rmColLimits')}
              </th>
            )}
            <th scope="col" class="rm-col-privacy">
              {t('privacyLegend')}
            </th>
            <SortHeader label={t('rmColGenerated')} sortKey="generated_at" query={query} onSort={onSort} column="rm-col-date" />
            <th scope="col" class="rm-col-actions">
              {t('rmColActions')}
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={onReportRowKey}>
          {/* Keyed by position: the next page patches the rows already drawn (a row holds no state of its own) rather than
              building 100 new ones. */}
          {reports.map((report, position) => (
            <ReportRow
              key={position}
              position={position}
              report={report}
              selected={selected.has(report.id)}
              activity={props.activity.get(report.id)}
              now={props.now}
              words={words}
              actions={actions}
              limits={props.verdicts && (props.verdicts.get(report.id) ?? null)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Select all on this page", showing a mixed state when only some rows are chosen. */
export function SelectAll({ count, chosen, onChange }: { count: number; chosen: number; onChange: (all: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && chosen < count;
  }, [chosen, count]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={count > 0 && chosen === count}
      disabled={count === 0}
      aria-label={t('rmSelectAll')}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
