import { useEffect, useMemo } from 'preact/hooks';
import { ReportPage } from '@/components/report/ReportPage';
import { useReport } from '@/lib/report/use-report';
import { readReportViewTarget } from '@/lib/shared/report-view-address';

export function App() {
  const target = useMemo(() => readReportViewTarget(location.search), []);
  const loaded = useReport(target);
  const url = loaded.state.phase === 'ready' || loaded.state.phase === 'deleted' ? loaded.state.view.report.url : null;
  useEffect(() => {
    document.title = url ? `${url} · Site Report` : 'Site Report';
  }, [url]);
  return <ReportPage loaded={loaded} target={target} />;
}
