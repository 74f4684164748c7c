import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import type { DeleteTarget } from '@/lib/options/bulk-delete';

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
