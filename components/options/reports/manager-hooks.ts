import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReportsList } from '@/components/options/reports/useReportsList';
import type { Report } from '@/lib/api';
import type { ListFilters, ListQuery } from '@/lib/protocol';
import { listFilters } from '@/lib/options/list-query';
import { t, tn } from '@/lib/shared/i18n';

/*
 * The reports manager's hooks: what screen readers hear, where the focus goes
 * after a delete, and which reports are chosen for a bulk action.
 */

/**
 * Tells screen readers which rows are shown, once per query: a reload of the
 * same query (after an action) leaves the action's own words in place.
 */
export function useListAnnouncement(list: ReportsList, announce: (text: string) => void): void {
  const announced = useRef('');
  useEffect(() => {
    const p = list.page;
    const shown = JSON.stringify(list.shown);
    if (!p || list.loading || shown === announced.current) return;
    announced.current = shown;
    announce(p.total === 0 ? t('rmNoneToShow') : tn('rmShowing', p.total, { from: p.from ?? 0, to: p.to ?? 0, page: p.page, last: p.lastPage }));
  }, [list.page, list.shown, list.loading, announce]);
}

/**
 * After a delete, once the list has reloaded, the focus goes to the row that
 * took the deleted one's place (or the one before, at the end), or to the
 * heading when no row is left. Returns the function that asks for it.
 */
export function useFocusAfterDelete(list: ReportsList, area: { current: HTMLElement | null }, fallback: { current: HTMLElement | null }) {
  const wanted = useRef<number | null>(null);
  useEffect(() => {
    if (wanted.current === null || list.loading) return;
    const rows = area.current?.querySelectorAll<HTMLElement>('tbody .rm-address') ?? [];
    const target = rows[Math.min(wanted.current, rows.length - 1)];
    wanted.current = null;
    (target ?? fallback.current)?.focus();
  }, [list.page, list.loading]);
  return (rowIndex: number) => {
    wanted.current = Math.max(0, rowIndex);
  };
}

/** Text for the polite live region. The same words twice are still read twice: the region is emptied first. */
export function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => {
    setText('');
    requestAnimationFrame(() => setText(next));
  }, []);
  return [text, announce];
}

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
