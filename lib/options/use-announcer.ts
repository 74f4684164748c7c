import { useEffect, useRef } from 'preact/hooks';
import type { ReportsList } from '@/lib/options/use-reports-list';
import { t, tn } from '@/lib/shared/i18n';

/* What screen readers hear in the reports manager: the rows shown (its live region is lib/pages/use-announcer.ts). */

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
