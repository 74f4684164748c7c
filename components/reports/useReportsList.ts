import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../lib/api/errors';
import type { Report, ReportPage } from '../../lib/api/schemas';
import type { RequestOf } from '../../lib/messages';
import { send } from '../../lib/messaging';
import { changeView, DEFAULT_REPORTS_VIEW, listRequest, type ReportsView } from '../../lib/reports-view/view-state';
import { readReportsView, writeReportsView } from '../../lib/storage';

export interface ReportsList {
  /** Null until the kept view has been read back. */
  view: ReportsView | null;
  /** The last page the service answered; kept while a newer one loads or fails. */
  page: ReportPage | null;
  loading: boolean;
  error: ApiError | null;
  /** The request whose answer is shown (tests wait on it; screen readers ignore it). */
  shown: RequestOf<'listReports'> | null;
  /** Projects met on any page shown so far, for the project filter's suggestions. */
  projects: string[];
  setView: (change: Partial<ReportsView>) => void;
  reload: () => Promise<void>;
  replaceReport: (report: Report) => void;
}

/**
 * The list as the service has it for the current view. Each request carries
 * a number; an answer that is not the newest is dropped, so a slow reply to
 * an older search never overwrites the list for the newer one.
 */
export function useReportsList(connectionKey: string): ReportsList {
  const [view, setViewState] = useState<ReportsView | null>(null);
  const [page, setPage] = useState<ReportPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiError | null>(null);
  const [shown, setShown] = useState<RequestOf<'listReports'> | null>(null);
  const [projects, setProjects] = useState<string[]>([]);
  const latest = useRef(0);
  const viewRef = useRef<ReportsView | null>(null);

  const keep = useCallback((next: ReportsView) => {
    viewRef.current = next;
    setViewState(next);
    void writeReportsView(next).catch(() => undefined);
  }, []);

  const load = useCallback(
    async (target: ReportsView) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        let request = listRequest(target);
        let answer = await send('listReports', request);
        // After deletions the kept page may lie beyond the end: show the last one that exists.
        if (ticket === latest.current && answer.reports.length === 0 && answer.total > 0 && target.page > answer.lastPage) {
          const last = changeView(target, { page: answer.lastPage });
          keep(last);
          request = listRequest(last);
          answer = await send('listReports', request);
        }
        if (ticket !== latest.current) return;
        setPage(answer);
        setShown(request);
        setError(null);
        setProjects((known) => mergeProjects(known, answer.reports));
      } catch (caught) {
        if (ticket === latest.current) setError(caught as ApiError);
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [keep],
  );

  const applyView = useCallback(
    (next: ReportsView) => {
      keep(next);
      void load(next);
    },
    [keep, load],
  );

  useEffect(() => {
    let live = true;
    void readReportsView()
      .catch(() => ({ ...DEFAULT_REPORTS_VIEW }))
      .then((kept) => {
        if (!live) return;
        viewRef.current = kept;
        setViewState(kept);
        void load(kept);
      });
    return () => {
      live = false;
    };
  }, [connectionKey, load]);

  const setView = useCallback(
    (change: Partial<ReportsView>) => {
      const current = viewRef.current;
      if (!current) return;
      const next = changeView(current, change);
      if (JSON.stringify(next) !== JSON.stringify(current)) applyView(next);
    },
    [applyView],
  );

  const reload = useCallback(async () => {
    if (viewRef.current) await load(viewRef.current);
  }, [load]);

  const replaceReport = useCallback((report: Report) => {
    setPage((current) => current && { ...current, reports: current.reports.map((r) => (r.id === report.id ? report : r)) });
  }, []);

  return { view, page, loading, error, shown, projects, setView, reload, replaceReport };
}

const MAX_PROJECTS = 500;

function mergeProjects(known: string[], reports: readonly Report[]): string[] {
  const fresh = reports.map((r) => r.project).filter((p): p is string => Boolean(p) && !known.includes(p!));
  if (fresh.length === 0) return known;
  return [...new Set([...known, ...fresh])].sort().slice(0, MAX_PROJECTS);
}
