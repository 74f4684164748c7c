import { useEffect, useRef } from 'preact/hooks';
import type { ReportsList } from '@/components/options/reports/useReportsList';

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
    announce(p.total === 0 ? 'No reports to show.' : `Showing ${n(p.from)}–${n(p.to)} of ${n(p.total)} reports, page ${n(p.page)} of ${n(p.lastPage)}.`);
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
