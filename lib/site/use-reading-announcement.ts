import { useEffect, useRef } from 'preact/hooks';
import type { SiteSummary } from '@/lib/protocol';
import { exactTime } from '@/lib/pages/dates';
import { progressWorthTelling, type ProgressTold } from '@/lib/pages/progress-told';
import { useAnnouncer } from '@/lib/pages/use-announcer';
import { t } from '@/lib/shared/i18n';

/**
 * What the site view's live region says of the reading: that it started, how far it is (each tenth,
 * or every 5 s: lib/pages/progress-told.ts), and that it is done. A failure is told by its own alert.
 */
export function useReadingAnnouncement(summary: SiteSummary): string {
  const [text, announce] = useAnnouncer();
  const phase = useRef<SiteSummary['phase'] | null>(null);
  const told = useRef<ProgressTold | null>(null);
  useEffect(() => {
    const was = phase.current;
    phase.current = summary.phase;
    if (summary.phase === 'reading') {
      if (was !== 'reading') {
        told.current = null;
        announce(t('siteReadingStart'));
        return;
      }
      const total = summary.reportsTotal;
      const now = Date.now();
      if (total === null || !progressWorthTelling(told.current, summary.reportsRead, total, now)) return;
      told.current = { done: summary.reportsRead, at: now };
      announce(t('siteReadingOf', { read: summary.reportsRead, total }));
    } else if (summary.phase === 'done' && was === 'reading') {
      announce(t('siteReadAt', { when: exactTime(new Date(summary.updatedAt).toISOString()) }));
    }
  }, [summary.phase, summary.reportsRead, summary.reportsTotal, summary.updatedAt, announce]);
  return text;
}
