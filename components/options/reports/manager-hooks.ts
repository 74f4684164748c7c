import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ReportsList } from '@/components/options/reports/useReportsList';
import type { Report } from '@/lib/api';
import type { DeleteTarget } from '@/lib/options/bulk-delete';

/*
 * The reports manager's hooks: what screen readers hear, where the focus goes
 * after a delete, and which reports are chosen for a bulk delete.
 */

/**
 * Tells screen readers which rows are shown, once per view: a reload of the
 * same view (after an action) leaves the action's own words in place.
 */
export function useListAnnouncement(list: ReportsList, announce: (text: string) => void): void {
  const announced = useRef('');
  useEffect(() => {
    const p = list.page;
    const shown = JSON.stringify(list.shown);
    if (!p || list.loading || shown === announced.current) return;
    announced.current = shown;
    const n = (value: number | null) => (value ?? 0).toLocaleString();
    announce(
      p.total === 0 ? 'No reports to show.' : `Showing ${n(p.from)}–${n(p.to)} of ${n(p.total)} reports, page ${n(p.page)} of ${n(p.lastPage)}.`,
    );
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

/**
 * The reports chosen for a bulk delete. Only rows on the page shown can be
 * chosen: a report that leaves the page (another page, a filter, a delete)
 * leaves the selection, so nothing unseen is ever deleted.
 */
export function useSelection(reports: readonly Report[]) {
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());

  useEffect(() => {
    setChosen((current) => {
      const onPage = new Set(reports.map((r) => r.id));
      const kept = [...current].filter(([id]) => onPage.has(id));
      return kept.length === current.size ? current : new Map(kept);
    });
  }, [reports]);

  const toggle = useCallback((report: Report, selected: boolean) => {
    setChosen((current) => {
      const next = new Map(current);
      if (selected) next.set(report.id, report.url);
      else next.delete(report.id);
      return next;
    });
  }, []);

  const setAll = useCallback((selected: boolean) => setChosen(selected ? new Map(reports.map((r) => [r.id, r.url])) : new Map()), [reports]);
  const clear = useCallback(() => setChosen(new Map()), []);
  const ids = useMemo(() => new Set(chosen.keys()), [chosen]);
  const targets = useMemo<DeleteTarget[]>(() => [...chosen].map(([id, url]) => ({ id, url })), [chosen]);
  return { ids, targets, toggle, setAll, clear };
}
