import { useEffect, useState } from 'preact/hooks';
import type { Handover, SiteSummary } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { exactTime } from '@/lib/pages/dates';
import { openDetailsForPrint } from '@/lib/pages/details-open-for-print';
import { NO_AGENCY } from '@/lib/shared/agency';
import { PrintCover } from '@/components/handover/PrintCover';
import { t, tn } from '@/lib/shared/i18n';

/** The site view's printed cover (the agency, the site, its average and the day printed), and its folds opened for paper. */
export function SitePrintCover({ project, summary }: { project: string; summary: SiteSummary | null }) {
  const [agency, setAgency] = useState<Handover['agency']>(NO_AGENCY);
  useEffect(() => {
    let live = true;
    sendToBackground('getHandover', {}).then(
      (handover) => live && setAgency(handover.agency),
      () => undefined,
    );
    const stop = openDetailsForPrint();
    return () => {
      live = false;
      stop();
    };
  }, []);
  const now = new Date().toISOString();
  const average = summary?.average ?? null;
  const score = [
    average === null ? t('scoreNone') : t('siteAverage', { score: Math.round(average) }),
    summary ? tn('siteCountPages', summary.pages.length) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return <PrintCover agency={agency} subject={project} score={score} date={exactTime(now)} iso={now} />;
}
