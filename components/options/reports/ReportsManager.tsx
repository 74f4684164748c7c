import { useEffect, useRef, useState } from 'preact/hooks';
import { useNow } from '@/lib/pages/use-clock';
import { clearFilters, hasFilters, listFilters } from '@/lib/options/list-query';
import type { ListQuery } from '@/lib/protocol';
import { Notice } from '@/components/ui/Notice';
import { EmptyList, FirstLoad, LoadError } from '@/components/options/reports/ListStates';
import { useFocusAfterDelete } from '@/lib/options/use-focus-after-delete';
import { Pager } from '@/components/options/reports/Pager';
import { ReportDialogs } from '@/components/options/reports/ReportDialogs';
import { ReportsTable } from '@/components/options/reports/ReportsTable';
import { SelectionBar } from '@/components/options/reports/SelectionBar';
import { WatchSelected } from '@/components/options/watches/lazy-watches';
import { ListControls } from '@/components/options/reports/ListControls';
import { ExportButton } from '@/components/options/reports/ExportButton';
import { useListAnnouncement } from '@/lib/options/use-announcer';
import { useAnnouncer } from '@/lib/pages/use-announcer';
import { useSelection } from '@/lib/options/use-selection';
import { useReportActions } from '@/lib/options/use-report-actions';
import { useReportsList } from '@/lib/options/use-reports-list';
import { useAnyLimits, useRowVerdicts } from '@/lib/options/use-row-limits';
import { BreaksLimitsFilter } from '@/components/options/limits/BreaksLimitsFilter';
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/options/reports/reports.css';
import { copyReportLink } from '@/components/options/reports/copy-report-link';
import { t, tn } from '@/lib/shared/i18n';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { ServiceChoice } from '@/components/options/reports/ServiceChoice';

/** "Export for Jira" of the chosen reports: its code is loaded after the list, not with it. */
const JiraSelected = lazyComponent(() => import('@/components/options/reports/JiraSelected').then((m) => m.JiraSelected));

/**
 * The account's reports: find, filter, sort, page through, open in the
 * report view, edit, regenerate and delete them. Renders nothing of the
 * connection itself.
 */
export function ReportsManager({ runsEnded, baseUrl }: { runsEnded: number; baseUrl?: string }) {
  const limits = useAnyLimits();
  const list = useReportsList(limits.any);
  const [status, announce] = useAnnouncer();
  // "3 minutes ago" should not go stale while the page stays open.
  const now = useNow(60_000);
  const [onlyBreaking, setOnlyBreaking] = useState(false);
  const pageReports = list.page?.reports ?? [];
  const verdicts = useRowVerdicts(pageReports, limits.source, now);
  const reports = verdicts && onlyBreaking ? pageReports.filter((report) => verdicts.get(report.id)?.within === false) : pageReports;
  const selection = useSelection(reports, list.query);
  // A run that ended in the background changed reports: the list shows what the service now holds.
  useEffect(() => {
    if (runsEnded > 0) void list.reload();
  }, [runsEnded]);
  const actions = useReportActions({ replaceReport: list.replaceReport, reload: list.reload, announce });
  const heading = useRef<HTMLHeadingElement>(null);
  const tableArea = useRef<HTMLDivElement>(null);
  const focusRowAfterReload = useFocusAfterDelete(list, tableArea, heading);
  useListAnnouncement(list, announce);
  // A failed load is told next to the control that asked for it: the pager sits below a long table.
  const [errorAtPager, setErrorAtPager] = useState(false);
  // The service chosen above the table, with several; null: the default.
  const [chosen, setChosen] = useState<{ baseUrl: string } | null>(null);
  const linkBase = chosen?.baseUrl ?? baseUrl;

  const query = list.query;
  const title = (
    <h2 id="rm-heading" ref={heading} tabIndex={-1}>
      {t('rmHeading')}
    </h2>
  );
  if (!query) {
    return (
      <section class="rm" aria-labelledby="rm-heading" data-state="loading">
        {title}
        <FirstLoad />
      </section>
    );
  }
  const { page } = list;
  const changeFromAbove = (change: Partial<ListQuery>) => {
    setErrorAtPager(false);
    list.setQuery(change);
  };
  const loadError = list.error && <LoadError error={list.error} onRetry={() => void list.reload()} />;

  return (
    <section
      class="rm"
      aria-labelledby="rm-heading"
      data-state={list.loading ? 'loading' : list.error ? 'error' : 'idle'}
      data-shown={JSON.stringify(list.shown)}
    >
      {title}
      <ServiceChoice
        onChoose={(service) => {
          setChosen(service);
          selection.clear();
          void list.reload();
        }}
      />
      <ListControls query={query} projects={list.projects} onChange={changeFromAbove} />
      <div class="rm-status-line">
        <p class="rm-status" role="status">
          {list.loading && list.page ? t('loading') : status}
        </p>
        <SelectionBar
          count={selection.count}
          matching={selection.selection.kind === 'matching'}
          matchingTotal={page && page.total > selection.count ? page.total : null}
          onClear={selection.clear}
          onSelectMatching={() => page && selection.selectMatching(page.total)}
          onAction={(choice) => actions.setDialog({ kind: 'bulk', choice })}
        >
          <WatchSelected selection={selection.selection} shown={reports} />
          <JiraSelected selection={selection.selection} />
        </SelectionBar>
        <ExportButton filters={listFilters(query)} announce={announce} />
      </div>
      {verdicts && (
        <BreaksLimitsFilter
          checked={onlyBreaking}
          onChange={setOnlyBreaking}
          breaking={pageReports.filter((report) => verdicts.get(report.id)?.within === false).length}
          shown={pageReports.length}
        />
      )}
      {!errorAtPager && loadError}
      {actions.actionError && (
        <Notice tone="error" message={actions.actionError}>
          <button type="button" class="button" onClick={() => actions.setActionError(null)}>
            {t('popDismiss')}
          </button>
        </Notice>
      )}
      <div ref={tableArea} class={list.loading && list.page ? 'rm-list rm-list--stale' : 'rm-list'}>
        {!list.page && list.loading && <FirstLoad />}
        {list.page && pageReports.length > 0 && reports.length === 0 && <p class="muted">{t('rmNoneBreaking')}</p>}
        {list.page && pageReports.length === 0 && (
          <EmptyList filtered={hasFilters(query)} onClearFilters={() => changeFromAbove(clearFilters(query))} />
        )}
        {reports.length > 0 && (
          <ReportsTable
            reports={reports}
            query={query}
            caption={t('rmCaption', { page: list.page?.page ?? query.page })}
            loading={list.loading}
            selected={selection.ids}
            activity={actions.activity}
            now={now}
            onSelect={selection.toggle}
            onSelectAll={selection.setAll}
            onSort={(sortBy, sort) => changeFromAbove({ sortBy, sort })}
            onPrivacy={(report) => actions.setDialog({ kind: 'privacy', report })}
            onRegenerate={(report) => void actions.regenerate(report)}
            onDelete={(report) => actions.setDialog({ kind: 'delete', report })}
            verdicts={verdicts}
            onCopyLink={
              linkBase ? (report) => void copyReportLink(report, linkBase, announce, () => actions.setDialog({ kind: 'privacy', report })) : undefined
            }
          />
        )}
        {list.page && list.page.unreadable > 0 && <Notice tone="warning" live={false} message={tn('rmUnreadable', list.page.unreadable)} />}
      </div>
      {errorAtPager && loadError}
      <Pager
        page={list.page}
        current={list.error && list.page ? list.page.page : query.page}
        onPage={(page) => {
          setErrorAtPager(true);
          list.setQuery({ page });
        }}
      />
      <ReportDialogs
        dialog={actions.dialog}
        onClose={() => actions.setDialog(null)}
        replaceReport={list.replaceReport}
        reload={list.reload}
        announce={announce}
        onDeleted={(report, text) => {
          selection.forget(report.id);
          focusRowAfterReload(reports.findIndex((r) => r.id === report.id));
          announce(text);
          void list.reload();
        }}
        selection={selection.selection}
        selectedCount={selection.count}
        onBulkStarted={selection.clear}
      />
    </section>
  );
}
