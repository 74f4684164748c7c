import { useState } from 'preact/hooks';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { RunView } from '@/lib/protocol';
import { runTitle } from '@/lib/shared/run-text';
import { Dialog } from '@/components/ui/Dialog';
import { Notice } from '@/components/ui/Notice';
import type { Selection } from '@/components/options/reports/manager-hooks';

export type BulkChoice = 'delete' | 'regenerate' | 'public' | 'private';

interface Props {
  choice: BulkChoice;
  selection: Selection;
  count: number;
  /** The run is under way in the background: the caller clears the selection and says so. */
  onStarted: (run: RunView) => void;
  onClose: () => void;
}

const EXPLAIN: Record<BulkChoice, string> = {
  delete: 'These reports will be deleted from the service. This cannot be undone.',
  regenerate: 'The service audits each page again, which can take a while per page. Each report keeps its address and privacy.',
  public: 'Anyone with a report’s link will be able to see it.',
  private: 'Only you will be able to see these reports.',
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
    <Dialog title={`${title}?`} onClose={onClose} busy={busy}>
      {(close, ids) => (
        <div class="dialog__body">
          <p id={ids.description}>
            {EXPLAIN[choice]} It runs in the background: you can close this page, and the progress shows under “In the background”.
          </p>
          {error && <Notice tone="error" message={error} />}
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              class={choice === 'delete' ? 'button button--danger' : 'button button--primary'}
              aria-disabled={busy}
              onClick={() => !busy && void start(close)}
            >
              {busy ? 'Starting…' : title}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
