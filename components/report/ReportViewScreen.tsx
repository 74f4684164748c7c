import { useEffect, useMemo, useState } from 'preact/hooks';
import { DEFAULT_FILTERS, groupChecks, type CheckFilters } from '@/lib/report/check-groups';
import type { useReport } from '@/lib/report/use-report';
import type { ReportViewTarget } from '@/lib/shared/report-view-address';
import { useShowOnPage } from '@/lib/report/use-show-on-page';
import { Notice } from '@/components/ui/Notice';
import { ReportBeside } from '@/components/report/ReportBeside';
import { useCheckKeys } from '@/lib/report/use-check-keys';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { LoadFailure } from '@/components/ui/LoadFailure';
import { CheckFilterForm } from '@/components/report/CheckFilterForm';
import { CheckList } from '@/components/report/CheckList';
import { ReportActions } from '@/components/report/ReportActions';
import { ReportHeader } from '@/components/report/ReportHeader';
import { WhatChanged } from '@/components/report/WhatChanged';
import { CompareReports } from '@/components/report/CompareReports';
import { useComparison } from '@/lib/report/use-comparison';
import { useReportLimits } from '@/lib/report/use-report-limits';
import { LimitsVerdictLine } from '@/components/ui/LimitsVerdictLine';
import { useHandover } from '@/lib/report/use-handover';
import { t } from '@/lib/shared/i18n';

type Loaded = ReturnType<typeof useReport>;

/** The list of keys, loaded on the first `?` or click. */
const KeyboardHelp = lazyComponent(() => import('@/components/report/KeyboardHelp').then((m) => m.KeyboardHelp));
/** Handing the report over (print, the HTML file, copy link, Jira, new issues): drawn once loaded, after the first frame. */
const HandoverActions = lazyComponent(() => import('@/components/report/HandoverActions').then((m) => m.HandoverActions));
const PrintReport = lazyComponent(() => import('@/components/report/PrintReport').then((m) => m.PrintReport));

/** The report view's states: loading, failed (in plain words, with the way forward), deleted, and the report. */
export function ReportViewScreen({ loaded, target }: { loaded: Loaded; target: ReportViewTarget | null }) {
  const { state } = loaded;
  const stored = state.phase === 'ready' ? state.view.report.url : null;
  const onPage = useShowOnPage(stored, target?.tabId);
  const [filters, setFilters] = useState<CheckFilters>(DEFAULT_FILTERS);
  const checks = state.phase === 'ready' ? state.view.report.checks : null;
  const groups = useMemo(() => (checks ? groupChecks(checks, filters) : []), [checks, filters]);
  const compare = useComparison(target, state.phase === 'ready' ? state.view : null);
  const keys = useCheckKeys();
  const limits = useReportLimits(state.phase === 'ready' ? state.view.report : null);
  const handover = useHandover();
  const view = state.phase === 'ready' ? state.view : null;
  const tracker = view?.report.project ? handover.trackers[view.report.project] : undefined;
  const [issueUrls, setIssueUrls] = useState<ReadonlyMap<string, string> | undefined>(undefined);
  useEffect(() => {
    if (!view || !tracker) return setIssueUrls(undefined);
    let current = true;
    void import('@/lib/report/issue-link').then(({ reportIssueUrls }) => current && setIssueUrls(reportIssueUrls(view, tracker)));
    return () => void (current = false);
  }, [view, tracker]);

  const dataState = state.phase === 'ready' && !state.fresh ? 'cached' : state.phase;
  return (
    <main class="report" data-state={dataState} aria-busy={state.phase === 'loading'}>
      {state.phase === 'invalid' && <Notice tone="error" message={t('reportInvalid')} />}
      {state.phase === 'loading' && (
        <p class="report__loading muted" role="status">
          <span class="spinner" aria-hidden="true" /> {t('reportLoading')}
        </p>
      )}
      {state.phase === 'failed' && <LoadFailure error={state.error} onRetry={loaded.retry} />}
      {state.phase === 'deleted' && <Notice tone="info" message={t('reportDeleted', { address: state.view.report.url })} />}
      {state.phase === 'ready' && (
        <>
          <ReportHeader view={state.view} />
          {limits.verdict && <LimitsVerdictLine verdict={limits.verdict} />}
          {state.refreshError && <Notice tone="warning" message={t('reportStale', { reason: state.refreshError.message })} />}
          <ReportActions
            view={state.view}
            regenerating={state.regenerating}
            onRegenerate={loaded.regenerate}
            onSaved={loaded.replaceReport}
            onDeleted={loaded.markDeleted}
          />
          <p class="report__more">
            <ReportBeside tabId={target?.tabId} />
            <button type="button" class="button button--link" aria-keyshortcuts="?" onClick={keys.openHelp}>
              {t('keysButton')}
            </button>
          </p>
          {keys.helpOpen && <KeyboardHelp onClose={keys.closeHelp} />}
          <HandoverActions view={state.view} handover={handover} onSaved={loaded.replaceReport} />
          <PrintReport view={state.view} agency={handover.agency} />
          <WhatChanged view={state.view} />
          <CompareReports view={state.view} compare={compare} />
          {checks && Object.keys(checks).length > 0 ? (
            <>
              <CheckFilterForm filters={filters} onChange={setFilters} />
              <CheckList
                groups={groups}
                onPage={onPage}
                onShowAll={() => setFilters(DEFAULT_FILTERS)}
                acceptance={limits.control}
                issueUrls={issueUrls}
              />
            </>
          ) : (
            <p class="report__empty">{t('reportNoChecks')}</p>
          )}
        </>
      )}
    </main>
  );
}
