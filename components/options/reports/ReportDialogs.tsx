import type { Report } from '@/lib/api';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { BulkActionDialog } from '@/components/options/reports/BulkActionDialog';
import type { Selection } from '@/lib/options/use-selection';
import type { RunView } from '@/lib/protocol';
import { runTitle } from '@/lib/shared/run-text';
import { DeleteDialog } from '@/components/ui/DeleteDialog';
import { PrivacyDialog } from '@/components/ui/PrivacyDialog';
import type { OpenDialog } from '@/lib/options/use-report-actions';
import { t, uiLanguage } from '@/lib/shared/i18n';

interface Props {
  dialog: OpenDialog;
  onClose: () => void;
  replaceReport: (report: Report) => void;
  reload: () => Promise<void>;
  announce: (text: string) => void;
  /** One report is gone: the caller reloads the list and places the focus. */
  onDeleted: (report: Report, text: string) => void;
  selection: Selection;
  selectedCount: number;
  onBulkStarted: () => void;
}

/** The one dialog open at a time, wired to the list: what succeeded is shown, what failed reloads the list. */
export function ReportDialogs({ dialog, onClose, replaceReport, reload, announce, onDeleted, selection, selectedCount, onBulkStarted }: Props) {
  const reloadAfterFailure = () => void reload();
  switch (dialog?.kind) {
    case 'privacy':
      return (
        <PrivacyDialog
          report={dialog.report}
          onSaved={(saved) => {
            replaceReport(saved);
            announce(t('rmNowPrivacy', { address: saved.url, privacy: PRIVACY_TEXT[saved.privacy].toLocaleLowerCase(uiLanguage()) }));
          }}
          onFailed={reloadAfterFailure}
          onClose={onClose}
        />
      );
    case 'delete':
      return (
        <DeleteDialog
          report={dialog.report}
          onDeleted={(report, gone) =>
            onDeleted(report, gone ? t('rmAlreadyDeleted', { address: report.url }) : t('rmDeleted', { address: report.url }))
          }
          onFailed={reloadAfterFailure}
          onClose={onClose}
        />
      );
    case 'bulk':
      return (
        <BulkActionDialog
          choice={dialog.choice}
          selection={selection}
          count={selectedCount}
          onStarted={(run: RunView) => {
            announce(t('rmStarted', { title: runTitle(run.action, run.total, run.privacy) }));
            onBulkStarted();
          }}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
}
