import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Report } from '../../lib/api/schemas';
import { send } from '../../lib/messaging';
import { PRIVACY_TEXT } from '../../lib/score';
import { clearFilters, hasFilters } from '../../lib/reports-view/view-state';
import { Notice } from '../ui/Notice';
import { BulkDeleteDialog } from './BulkDeleteDialog';
import { DeleteDialog } from './DeleteDialog';
import { EmptyList, FirstLoad, LoadError } from './ListStates';
import { Pager } from './Pager';
import { PrivacyDialog } from './PrivacyDialog';
import { ReportsTable } from './ReportsTable';
import { SelectionBar } from './SelectionBar';
import { Toolbar } from './Toolbar';
import { useAnnouncer, useMinuteClock, useSelection } from './small-hooks';
import { useReportActions } from './useReportActions';
import { useReportsList } from './useReportsList';
import '../ui/theme.css';
import '../ui/ui.css';
import './reports.css';

/**
 * The account's reports: find, filter, sort, page through, edit, regenerate
 * and delete them. Renders nothing of the connection itself; give it the
 * service's address, or it reads it from the settings.
 */
export function ReportsManager({ baseUrl: givenBaseUrl }: { baseUrl?: string }) {
  const [storedBaseUrl, setStoredBaseUrl] = useState<string | null>(null);
  useEffect(() => {
    if (givenBaseUrl === undefined) void send('getSettings', {}).then((s) => setStoredBaseUrl(s.baseUrl), () => undefined);
  }, [givenBaseUrl]);
  const baseUrl = givenBaseUrl ?? storedBaseUrl ?? '';

  const list = useReportsList(baseUrl);
  const [status, announce] = useAnnouncer();
  const now = useMinuteClock();
  const reports = list.page?.reports ?? [];
  const selection = useSelection(reports);
  const actions = useReportActions({ replaceReport: list.replaceReport, reload: list.reload, announce });
  const heading = useRef<HTMLHeadingElement>(null);
  const tableArea = useRef<HTMLDivElement>(null);
  const focusRow = useRef<number | null>(null);

  // After a delete the focus goes to the row that took the deleted one's place, or to the heading.
  useEffect(() => {
    if (focusRow.current === null || list.loading) return;
    const rows = tableArea.current?.querySelectorAll<HTMLAnchorElement>('tbody .rm-address') ?? [];
    const target = rows[Math.min(focusRow.current, rows.length - 1)];
    focusRow.current = null;
    (target ?? heading.current)?.focus();
  }, [list.page, list.loading]);

  // Told once per view: a reload of the same view (after an action) leaves the action's own words in place.
  const announcedView = useRef('');
  useEffect(() => {
    const p = list.page;
    const shown = JSON.stringify(list.shown);
    if (!p || list.loading || shown === announcedView.current) return;
    announcedView.current = shown;
    announce(p.total === 0 ? 'No reports to show.' : `Showing ${p.from ?? 0}–${p.to ?? 0} of ${p.total} reports, page ${p.page} of ${p.lastPage}.`);
  }, [list.page, list.shown, list.loading, announce]);

  const afterDelete = useCallback(
    (index: number, text: string) => {
      focusRow.current = index;
      announce(text);
      void list.reload();
    },
    [announce, list.reload],
  );

  const view = list.view;
  if (!view) return <section class="rm" aria-labelledby="rm-heading"><h2 id="rm-heading">Your reports</h2><FirstLoad /></section>;
  const dialog = actions.dialog;
  const closeDialog = () => actions.setDialog(null);
  const locked = dialog?.kind === 'bulk';

  const state = list.loading ? 'loading' : list.error ? 'error' : 'idle';
  return (
    <section class="rm" aria-labelledby="rm-heading" data-state={state} data-shown={JSON.stringify(list.shown)}>
      <h2 id="rm-heading" ref={heading} tabIndex={-1}>
        Your reports
      </h2>
      <Toolbar view={view} projects={list.projects} onChange={list.setView} />
      <div class="rm-status-line">
        <p class="rm-status" role="status">{list.loading && list.page ? 'Loading…' : status}</p>
        <SelectionBar count={selection.targets.length} locked={locked} onClear={selection.clear} onDelete={() => actions.setDialog({ kind: 'bulk', targets: selection.targets })} />
      </div>
      {list.error && <LoadError error={list.error} onRetry={() => void list.reload()} />}
      {actions.actionError && (
        <Notice tone="error" message={actions.actionError}>
          <button type="button" class="button" onClick={() => actions.setActionError(null)}>
            Dismiss
          </button>
        </Notice>
      )}
      <div ref={tableArea} class={list.loading && list.page ? 'rm-list rm-list--stale' : 'rm-list'}>
        {!list.page && (list.loading ? <FirstLoad /> : null)}
        {list.page && reports.length === 0 && <EmptyList filtered={hasFilters(view)} onClearFilters={() => list.setView(clearFilters(view))} />}
        {reports.length > 0 && (
          <ReportsTable
            reports={reports}
            baseUrl={baseUrl}
            view={view}
            caption={`Your reports, page ${view.page}`}
            loading={list.loading}
            selected={selection.ids}
            activity={actions.activity}
            locked={locked}
            now={now}
            onSelect={selection.toggle}
            onSelectAll={selection.setAll}
            onSort={(sortBy, sort) => list.setView({ sortBy, sort })}
            onPrivacy={(report) => actions.setDialog({ kind: 'privacy', report })}
            onRegenerate={(report) => void actions.regenerate(report)}
            onDelete={(report) => actions.setDialog({ kind: 'delete', report })}
          />
        )}
      </div>
      <Pager page={list.page} current={view.page} disabled={locked} onPage={(page) => list.setView({ page })} />
      {dialog?.kind === 'privacy' && (
        <PrivacyDialog
          report={dialog.report}
          onSaved={(saved: Report) => {
            list.replaceReport(saved);
            announce(`${saved.url} is now ${PRIVACY_TEXT[saved.privacy].toLowerCase()}.`);
          }}
          onFailed={() => void list.reload()}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          report={dialog.report}
          onDeleted={(report, gone) => afterDelete(reports.findIndex((r) => r.id === report.id), gone ? `${report.url} was already deleted.` : `Deleted the report of ${report.url}.`)}
          onFailed={() => void list.reload()}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkDeleteDialog
          targets={dialog.targets}
          announce={announce}
          onFinished={() => {
            selection.clear();
            void list.reload();
          }}
          onClose={closeDialog}
        />
      )}
    </section>
  );
}
