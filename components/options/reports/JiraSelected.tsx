import { JiraExportButton } from '@/components/handover/JiraExportButton';
import { listRequest } from '@/lib/options/list-query';
import type { Selection } from '@/lib/options/use-selection';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { JIRA_MAX_REPORTS } from '@/lib/report/jira-reports';

/**
 * "Export for Jira" of the chosen reports: those chosen one by one, in the order chosen, or the
 * first of every report matching, in the list's order.
 */
export function JiraSelected({ selection }: { selection: Selection }) {
  const count = selection.kind === 'reports' ? selection.chosen.size : selection.total;
  const targets = async () => {
    if (selection.kind === 'reports') return { targets: [...selection.chosen].map(([id, url]) => ({ id, url })), total: selection.chosen.size };
    const page = await sendToBackground('listReports', listRequest({ ...selection.filters, perPage: JIRA_MAX_REPORTS, page: 1 }));
    return { targets: page.reports.map(({ id, url }) => ({ id, url })), total: page.total };
  };
  return <JiraExportButton targets={targets} name={`selection-${new Date().toISOString().slice(0, 10)}`} disabled={count === 0} />;
}
