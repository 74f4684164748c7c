import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { asApiError } from '@/lib/api/errors';
import type { ReportView } from '@/lib/protocol';
import { reportMarkdown } from '@/lib/report/markdown';
import { reportFileName, reportJson, saveFile } from '@/lib/report/report-file';
import { PRIVACY_TEXT } from '@/lib/shared/score';
import { DeleteDialog } from '@/components/ui/DeleteDialog';
import { PrivacyDialog } from '@/components/ui/PrivacyDialog';

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

  const regenerate = async () => {
    setOutcome(null);
    try {
      await onRegenerate();
      setOutcome({ tone: 'done', text: 'The report was regenerated: the service audited the page again.' });
    } catch (error) {
      setOutcome({ tone: 'failed', text: `Could not regenerate the report: ${asApiError(error).message}` });
    }
  };

  const copy = async () => {
    const markdown = reportMarkdown(view);
    try {
      await navigator.clipboard.writeText(markdown);
      setManualCopy(null);
      setOutcome({ tone: 'done', text: 'Copied the failed checks as a Markdown checklist.' });
    } catch {
      // The clipboard can be refused (a policy, a page without focus): the text is offered to copy by hand.
      setManualCopy(markdown);
      setOutcome({ tone: 'failed', text: 'The browser did not let the extension copy. Select the text below and copy it.' });
    }
  };

  const download = () => {
    try {
      saveFile(reportJson(view), reportFileName(report.id));
      setOutcome({ tone: 'done', text: `Saved ${reportFileName(report.id)}.` });
    } catch (error) {
      setOutcome({ tone: 'failed', text: `Could not save the report: ${error instanceof Error ? error.message : String(error)}` });
    }
  };

  return (
    <div class="report__actions">
      <div class="report__buttons" role="group" aria-label="Report actions">
        <button type="button" class="button" aria-disabled={regenerating} onClick={() => !regenerating && void regenerate()}>
          {regenerating && <span class="spinner" aria-hidden="true" />}
          {regenerating ? 'Regenerating…' : 'Regenerate'}
        </button>
        <button type="button" class="button" onClick={() => setDialog('privacy')}>
          Privacy: {PRIVACY_TEXT[report.privacy]}
        </button>
        <button type="button" class="button button--danger" onClick={() => setDialog('delete')}>
          Delete
        </button>
        <button type="button" class="button" onClick={() => void copy()}>
          Copy as Markdown
        </button>
        <button type="button" class="button" onClick={download}>
          Download JSON
        </button>
      </div>
      <p class={`report__outcome report__outcome--${outcome?.tone ?? 'none'}`} role="status">
        {regenerating ? 'The service is auditing the page again. This can take a minute.' : outcome?.text}
      </p>
      {manualCopy !== null && (
        <textarea
          class="input report__manual-copy"
          aria-label="The failed checks as Markdown"
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
            setOutcome({ tone: 'done', text: `The report is now ${PRIVACY_TEXT[saved.privacy].toLowerCase()}.` });
          }}
          onFailed={() => undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && <DeleteDialog report={report} onDeleted={onDeleted} onFailed={() => undefined} onClose={() => setDialog(null)} />}
    </div>
  );
}
