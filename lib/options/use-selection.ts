import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import type { ListFilters, ListQuery } from '@/lib/protocol';
import { listFilters } from '@/lib/options/list-query';

/** Which reports a bulk action is for: chosen one by one, on any page, or every report of the filters. */
export type Selection = { kind: 'reports'; chosen: ReadonlyMap<number, string> } | { kind: 'matching'; filters: ListFilters; total: number };

const NONE: Selection = { kind: 'reports', chosen: new Map() };

/**
 * The reports chosen for a bulk action. Rows chosen stay chosen while the
 * user pages, sorts or filters; "every report matching" holds the filters,
 * not ids (the background reads the ids page by page), so it ends when the
 * filters change.
 */
export function useSelection(reports: readonly Report[], query: ListQuery | null) {
  const [selection, setSelection] = useState<Selection>(NONE);
  const filtersKey = query ? JSON.stringify(listFilters(query)) : '';

  useEffect(() => {
    setSelection((current) => (current.kind === 'matching' && JSON.stringify(current.filters) !== filtersKey ? NONE : current));
  }, [filtersKey]);

  const change = useCallback((rows: readonly Report[], selected: boolean) => {
    setSelection((current) => {
      const next = new Map(current.kind === 'reports' ? current.chosen : []);
      for (const report of rows) {
        if (selected) next.set(report.id, report.url);
        else next.delete(report.id);
      }
      return { kind: 'reports', chosen: next };
    });
  }, []);

  const toggle = useCallback((report: Report, selected: boolean) => change([report], selected), [change]);
  const setAll = useCallback((selected: boolean) => change(reports, selected), [change, reports]);
  const selectMatching = useCallback((total: number) => query && setSelection({ kind: 'matching', filters: listFilters(query), total }), [query]);
  const forget = useCallback((id: number) => {
    setSelection((current) => {
      if (current.kind !== 'reports' || !current.chosen.has(id)) return current;
      const next = new Map(current.chosen);
      next.delete(id);
      return { kind: 'reports', chosen: next };
    });
  }, []);
  const clear = useCallback(() => setSelection(NONE), []);
  const ids = useMemo(
    () => (selection.kind === 'matching' ? new Set(reports.map((r) => r.id)) : new Set(selection.chosen.keys())),
    [selection, reports],
  );
  const count = selection.kind === 'matching' ? selection.total : selection.chosen.size;
  return { selection, ids, count, toggle, setAll, selectMatching, forget, clear };
}
