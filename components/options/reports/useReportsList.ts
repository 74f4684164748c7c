import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { createListLoader, type ListState } from '@/lib/options/list-loader';
import { changeView } from '@/lib/options/reports-view';
import { DEFAULT_REPORTS_VIEW } from '@/lib/shared/list-options';
import type { ReportsView } from '@/lib/protocol';

export interface ReportsList extends ListState {
  /** Null until the kept view has been read back. */
  view: ReportsView | null;
  /** Projects met on any page shown so far, for the project filter's suggestions. */
  projects: string[];
  setView: (change: Partial<ReportsView>) => void;
  reload: () => Promise<void>;
  replaceReport: (report: Report) => void;
}

const MAX_PROJECTS = 500;

/**
 * The list as the service has it for the kept view. Every change of the view
 * is kept at once (so closing the page loses nothing) and loads its page; a
 * change of connection (another service, another key) loads it again.
 */
export function useReportsList(): ReportsList {
  const [view, setViewState] = useState<ReportsView | null>(null);
  const [state, setState] = useState<ListState>({ page: null, shown: null, loading: true, error: null });
  const [projects, setProjects] = useState<string[]>([]);
  const viewRef = useRef<ReportsView | null>(null);

  // Saved one after another, so the last change is the one kept.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const keep = useCallback((next: ReportsView) => {
    viewRef.current = next;
    setViewState(next);
    saving.current = saving.current.then(() => sendToBackground('saveReportsView', { view: next })).catch(() => undefined);
  }, []);

  const loader = useMemo(
    () =>
      createListLoader({
        fetchPage: (request) => sendToBackground('listReports', request),
        onState: (next) => {
          setState(next);
          if (next.page) setProjects((known) => mergeProjects(known, next.page!.reports));
        },
        onViewCorrected: keep,
      }),
    [keep],
  );

  useEffect(() => {
    let live = true;
    void sendToBackground('getReportsView', {})
      .catch(() => ({ ...DEFAULT_REPORTS_VIEW }))
      .then((kept) => {
        if (!live) return;
        viewRef.current = kept;
        setViewState(kept);
        void loader.load(kept);
      });
    // Another service or another key has other reports.
    const unwatch = onStateChanged((change) => {
      if (change === 'connection' && viewRef.current) void loader.load(viewRef.current);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, [loader]);

  const setView = useCallback(
    (change: Partial<ReportsView>) => {
      const current = viewRef.current;
      if (!current) return;
      const next = changeView(current, change);
      // The same view again is a retry when its last load failed (the pager offers the page that failed).
      if (JSON.stringify(next) === JSON.stringify(current) && !loader.state().error) return;
      keep(next);
      void loader.load(next);
    },
    [keep, loader],
  );

  const reload = useCallback(async () => {
    if (viewRef.current) await loader.load(viewRef.current);
  }, [loader]);

  return { ...state, view, projects, setView, reload, replaceReport: loader.replaceReport };
}

function mergeProjects(known: string[], reports: readonly Report[]): string[] {
  const fresh = reports.map((r) => r.project).filter((p): p is string => p !== null && p !== '' && !known.includes(p));
  if (fresh.length === 0) return known;
  return [...new Set([...known, ...fresh])].sort().slice(0, MAX_PROJECTS);
}
