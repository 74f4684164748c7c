import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { ListFilters } from '@/lib/protocol';
import { reportsCount } from '@/lib/shared/run-text';
import { t } from '@/lib/shared/i18n';

interface Props {
  filters: ListFilters;
  announce: (text: string) => void;
}

/** The current query, every page of it with its filters and order, downloaded as a CSV file. */
export function ExportButton({ filters, announce }: Props) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    announce(t('rmExportReading'));
    try {
      const { csv, count } = await sendToBackground('exportReports', { filters });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = `reports-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      announce(t('rmExported', { reports: reportsCount(count) }));
    } catch (caught) {
      announce(t('rmExportFailed', { message: asApiError(caught).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" class="button" aria-disabled={busy} onClick={() => !busy && void exportCsv()}>
      {busy ? t('rmExporting') : t('rmExport')}
    </button>
  );
}
