import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { asApiError } from '@/lib/api/errors';
import type { ReportView } from '@/lib/protocol';
import { reportMarkdown } from '@/lib/report/markdown';
import { reportFileName, reportJson, saveFile } from '@/lib/report/report-file';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { copyText } from '@/lib/pages/copy-text';
import { t, uiLanguage } from '@/lib/shared/i18n';

/** Loaded on the first click that opens one, not with the page: the report's first frame does not wait for them. */
const PrivacyDialog = lazyComponent(() => import('@/components/ui/PrivacyDialog').then((m) => m.PrivacyDialog));
const DeleteDialog = lazyComponent(() => import('@/components/ui/DeleteDialog').then((m) => m.DeleteDialog));

interface Props {
  view: ReportView;
  regenerating: boolean;
  onRegenerate: () => Promise<void>;
  onSaved: (report: Report) => void;
  onDeleted: () => void;
}

type Outcome = { tone: 'done' | 'failed'; text: string } | null;

/** Regenerate, privacy, delete, and the report taken elsewhere: a Markdown checklist, or the JSON. */
export function ReportActions({ view, regenerating, onRegenerate, onSaved, onDeleted }: Props) {
  const [dialog, setDialog] = useState<'privacy' | 'delete' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const { report } = view;
  // The dialog opens in the frame its code is in: never an empty frame between the click and the dialog.
  const open = (which: 'privacy' | 'delete') =>
    void (which === 'privacy' ? PrivacyDialog : DeleteDialog).preload().then(
      () => setDialog(which),
      (error: unknown) => setOutcome({ tone: 'failed', text: asApiError(error).message }),
    );

  const regenerate = async () => {
    setOutcome(null);
    try {
      await onRegenerate();
      setOutcome({ tone: 'done', text: t('actionRegenerated') });
    } catch (error) {
      setOutcome({ tone: 'failed', text: t('actionRegenerateFailed', { reason: asApiError(error).message }) });
    }
  };

  const copy = async () => {
    const markdown = reportMarkdown(view);
    const copied = await copyText(markdown);
    setManualCopy(copied ? null : markdown);
    setOutcome(copied ? { tone: 'done', text: t('actionCopied') } : { tone: 'failed', text: t('actionCopyRefused') });
  };

  const download = () => {
    try {
      saveFile(reportJson(view), reportFileName(report.id));
      setOutcome({ tone: 'done', text: t('actionSavedFile', { file: reportFileName(report.id) }) });
    } catch (error) {
      setOutcome({ tone: 'failed', text: t('actionSaveFailed', { reason: error instanceof Error ? error.message : String(error) }) });
    }
  };

  return (
    <div class="report__actions">
      <div class="report__buttons" role="group" aria-label={t('actionsLabel')}>
        <button type="button" class="button" aria-disabled={regenerating} onClick={() => !regenerating && void regenerate()}>
          {regenerating && <span class="spinner" aria-hidden="true" />}
          {regenerating ? t('actionRegenerating') : t('actionRegenerate')}
        </button>
        <button type="button" class="button" onClick={() => open('privacy')}>
          {t('actionPrivacy', { privacy: PRIVACY_TEXT[report.privacy] })}
        </button>
        <button type="button" class="button button--danger" onClick={() => open('delete')}>
          {t('actionDelete')}
        </button>
        <button type="button" class="button" onClick={() => void copy()}>
          {t('actionCopyMarkdown')}
        </button>
        <button type="button" class="button" onClick={download}>
          {t('actionDownloadJson')}
        </button>
      </div>
      <p class={`report__outcome report__outcome--${outcome?.tone ?? 'none'}`} role="status">
        {regenerating ? t('actionAuditing') : outcome?.text}
      </p>
      {manualCopy !== null && (
        <textarea
          class="input report__manual-copy"
          aria-label={t('actionManualCopy')}
          readOnly
          rows={8}
          value={manualCopy}
          ref={(el) => el?.select()}
        />
      )}
      {dialog === 'privacy' && (
        <PrivacyDialog
          report={report}
          onSaved={(saved) => {
            onSaved(saved);
            setOutcome({ tone: 'done', text: t('actionNowPrivacy', { privacy: PRIVACY_TEXT[saved.privacy].toLocaleLowerCase(uiLanguage()) }) });
          }}
          onFailed={() => undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && <DeleteDialog report={report} onDeleted={onDeleted} onFailed={() => undefined} onClose={() => setDialog(null)} />}
    </div>
  );
}
