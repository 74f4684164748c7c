import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { createListLoader, type ListState } from '@/lib/options/list-loader';
import { changeQuery } from '@/lib/options/list-query';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';

export interface ReportsList extends ListState {
  /** Null until the kept query has been read back. */
  query: ListQuery | null;
  /** Projects met on any page shown so far, for the project filter's suggestions. */
  projects: string[];
  setQuery: (change: Partial<ListQuery>) => void;
  reload: () => Promise<void>;
  replaceReport: (report: Report) => void;
}

const MAX_PROJECTS = 500;

/**
 * The list as the service has it for the kept query. Every change of the query
 * is kept at once (so closing the page loses nothing) and loads its page; a
 * change of connection (another service, another key) loads it again.
 */
export function useReportsList(failedChecks = false): ReportsList {
  const [query, setQueryState] = useState<ListQuery | null>(null);
  const [state, setState] = useState<ListState>({ page: null, shown: null, loading: true, error: null });
  const [projects, setProjects] = useState<string[]>([]);
  const queryRef = useRef<ListQuery | null>(null);
  // Read by the loader at each request: a site given limits later asks the next page with its failed checks.
  const failedChecksRef = useRef(failedChecks);
  failedChecksRef.current = failedChecks;

  // Saved one after another, so the last change is the one kept.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const keep = useCallback((next: ListQuery) => {
    queryRef.current = next;
    setQueryState(next);
    saving.current = saving.current.then(() => sendToBackground('saveListQuery', { query: next })).catch(() => undefined);
  }, []);

  const loader = useMemo(
    () =>
      createListLoader({
        fetchPage: (request) => sendToBackground('listReports', failedChecksRef.current ? { ...request, failedChecks: true } : request),
        onState: (next) => {
          setState(next);
          if (next.page) setProjects((known) => mergeProjects(known, next.page!.reports));
        },
        onQueryCorrected: keep,
      }),
    [keep],
  );

  useEffect(() => {
    let live = true;
    void sendToBackground('getListQuery', {})
      .catch(() => ({ ...DEFAULT_LIST_QUERY }))
      .then((kept) => {
        if (!live) return;
        queryRef.current = kept;
        setQueryState(kept);
        void loader.load(kept);
      });
    // Another service or another key has other reports.
    const unwatch = onStateChanged((change) => {
      if (change === 'connection' && queryRef.current) void loader.load(queryRef.current);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, [loader]);

  const setQuery = useCallback(
    (change: Partial<ListQuery>) => {
      const current = queryRef.current;
      if (!current) return;
      const next = changeQuery(current, change);
      // The same query again is a retry when its last load failed (the pager offers the page that failed).
      if (JSON.stringify(next) === JSON.stringify(current) && !loader.state().error) return;
      keep(next);
      void loader.load(next);
    },
    [keep, loader],
  );

  // Limits set after the page was read: read it again with its failed checks.
  useEffect(() => {
    if (failedChecks && queryRef.current) void loader.load(queryRef.current);
  }, [failedChecks, loader]);

  const reload = useCallback(async () => {
    if (queryRef.current) await loader.load(queryRef.current);
  }, [loader]);

  return { ...state, query, projects, setQuery, reload, replaceReport: loader.replaceReport };
}

function mergeProjects(known: string[], reports: readonly Report[]): string[] {
  const fresh = reports.map((r) => r.project).filter((p): p is string => p !== null && p !== '' && !known.includes(p));
  if (fresh.length === 0) return known;
  return [...new Set([...known, ...fresh])].sort().slice(0, MAX_PROJECTS);
}
