import { useEffect, useRef, useState } from 'preact/hooks';
import { runBulkDelete, type BulkDeleteProgress, type BulkDeleteSummary, type DeleteTarget } from '@/lib/options/bulk-delete';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { progressText, summaryHeadline } from '@/lib/options/bulk-delete';
import { BulkSummary } from '@/components/options/reports/BulkSummary';
import { Dialog } from '@/components/ui/Dialog';

interface Props {
  targets: readonly DeleteTarget[];
  /** The run has ended: the caller reloads the list so it shows what the service now holds. */
  onFinished: (summary: BulkDeleteSummary) => void;
  onClose: () => void;
  announce: (text: string) => void;
}

type Phase = { name: 'confirm' } | { name: 'running'; progress: BulkDeleteProgress | null } | { name: 'done'; summary: BulkDeleteSummary };

/** The buttons that replace the one just pressed take the focus, so it never falls back to the page. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const reports = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

/** Confirms, runs and sums up the deletion of the selected reports, one at a time, at the pace the service allows. */
export function BulkDeleteDialog({ targets, onFinished, onClose, announce }: Props) {
  const [phase, setPhase] = useState<Phase>({ name: 'confirm' });
  const [stopping, setStopping] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const total = targets.length;

  // Closing the page or the dialog mid-run stops before the next report.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current = new AbortController();
    setPhase({ name: 'running', progress: null });
    announce(`Deleting ${reports(total)}.`);
    const summary = await runBulkDelete(targets, {
      deleteOne: (id) => sendToBackground('deleteReport', { id }),
      signal: controller.current.signal,
      onProgress: (progress) => {
        setPhase({ name: 'running', progress });
        if (progress.phase === 'waiting') announce(progressText(progress));
      },
    });
    setPhase({ name: 'done', summary });
    announce(summaryHeadline(summary));
    onFinished(summary);
  };

  const running = phase.name === 'running';
  const title = phase.name === 'done' ? 'Bulk delete finished' : running ? `Deleting ${reports(total)}` : `Delete ${reports(total)}?`;
  return (
    <Dialog title={title} onClose={onClose} busy={running}>
      {(close, ids) => (
        <div class="dialog__body">
          {phase.name === 'confirm' && (
            <>
              <p id={ids.description}>These reports will be deleted from the service. This cannot be undone.</p>
              <ul class="rm-target-list">
                {targets.map((t) => (
                  <li key={t.id}>{t.url}</li>
                ))}
              </ul>
              <div class="dialog__buttons">
                <button type="button" class="button" onClick={close} autoFocus>
                  Cancel
                </button>
                <button type="button" class="button button--danger" onClick={() => void start()}>
                  Delete {reports(total)}
                </button>
              </div>
            </>
          )}
          {phase.name === 'running' && (
            <>
              <label id={ids.description} for="rm-bulk-progress">
                {phase.progress ? progressText(phase.progress) : 'Starting…'}
              </label>
              <progress id="rm-bulk-progress" class="rm-bulk-progress" max={total} value={phase.progress?.done ?? 0} />
              <div class="dialog__buttons">
                <button
                  type="button"
                  class="button"
                  ref={focusOnMount}
                  aria-disabled={stopping}
                  onClick={() => {
                    setStopping(true);
                    controller.current?.abort();
                  }}
                >
                  {stopping ? 'Stopping…' : 'Stop after this report'}
                </button>
              </div>
            </>
          )}
          {phase.name === 'done' && (
            <>
              <BulkSummary summary={phase.summary} headlineId={ids.description} />
              <div class="dialog__buttons">
                <button type="button" class="button button--primary" onClick={close} ref={focusOnMount}>
                  Close
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
