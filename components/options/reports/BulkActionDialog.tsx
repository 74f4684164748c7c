import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { RunView } from '@/lib/protocol';
import { runTitle } from '@/lib/shared/run-text';
import { Dialog } from '@/components/ui/Dialog';
import { Notice } from '@/components/ui/Notice';
import type { Selection } from '@/lib/options/use-selection';
import { t } from '@/lib/shared/i18n';
import type { BulkChoice } from '@/lib/options/use-report-actions';

interface Props {
  choice: BulkChoice;
  selection: Selection;
  count: number;
  /** The run is under way in the background: the caller clears the selection and says so. */
  onStarted: (run: RunView) => void;
  onClose: () => void;
}

const EXPLAIN: Record<BulkChoice, () => string> = {
  delete: () => t('bulkExplainDelete'),
  regenerate: () => t('bulkExplainRegenerate'),
  public: () => t('bulkExplainPublic'),
  private: () => t('bulkExplainPrivate'),
};

/** Confirms a bulk action, then hands it to the background, which runs it two at a time at the pace the service allows. */
export function BulkActionDialog({ choice, selection, count, onStarted, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const action = choice === 'public' || choice === 'private' ? 'privacy' : choice;
  const privacy = choice === 'public' ? 0 : choice === 'private' ? 1 : undefined;
  const title = runTitle(action, count, privacy ?? null);

  const start = async (close: () => void) => {
    setBusy(true);
    setError(null);
    try {
      const targets =
        selection.kind === 'matching'
          ? ({ kind: 'matching', filters: selection.filters } as const)
          : ({ kind: 'reports', reports: [...selection.chosen].map(([id, url]) => ({ id, url })) } as const);
      const run = await sendToBackground('startBulkRun', { action, ...(privacy !== undefined ? { privacy } : {}), targets });
      onStarted(run);
      close();
    } catch (caught) {
      setError(asApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('bulkConfirm', { title })} onClose={onClose} busy={busy}>
      {(close, ids) => (
        <div class="dialog__body">
          <p id={ids.description}>{t('bulkText', { explain: EXPLAIN[choice]() })}</p>
          {error && <Notice tone="error" message={error} />}
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} autoFocus>
              {t('cancel')}
            </button>
            <button
              type="button"
              class={choice === 'delete' ? 'button button--danger' : 'button button--primary'}
              aria-disabled={busy}
              onClick={() => !busy && void start(close)}
            >
              {busy ? t('bulkStarting') : title}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
