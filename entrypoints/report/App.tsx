import { useEffect } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import { ReportViewScreen } from '@/components/report/ReportViewScreen';
import { askForReport, keptCopyWithin, useReport } from '@/lib/report/use-report';
import { readReportViewTarget } from '@/lib/shared/report-view-address';
import { t } from '@/lib/shared/i18n';
import { sendForService } from '@/lib/pages/send-to-background';
import { serviceInAddress } from '@/lib/shared/service-bounds';

const target = readReportViewTarget(location.search);
// Every message of the view is for the report's service.
sendForService(serviceInAddress(location.search));
// Asked before anything is drawn: the background's answers are on their way while the page starts.
const asked = target ? askForReport(target) : null;

/** Resolves when the page may draw: with the kept copy, or after a short wait for it. */
export const firstDraw = keptCopyWithin(asked, 80);

export function App({ kept }: { kept: ReportView | null }) {
  const loaded = useReport(target, asked, kept);
  const url = loaded.state.phase === 'ready' || loaded.state.phase === 'deleted' ? loaded.state.view.report.url : null;
  useEffect(() => {
    document.title = url ? t('pageTitleReport', { address: url }) : t('extName');
  }, [url]);
  return <ReportViewScreen loaded={loaded} target={target} />;
}
