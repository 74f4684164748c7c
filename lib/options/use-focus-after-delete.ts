import { useEffect, useRef } from 'preact/hooks';
import type { ReportsList } from '@/lib/options/use-reports-list';

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
