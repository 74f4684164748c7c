import { useState } from 'preact/hooks';
import type { ApiError } from '../../lib/api/errors';
import type { Report } from '../../lib/api';
import { send } from '../../lib/messaging';
import { Notice } from '../ui/Notice';
import { Dialog } from './Dialog';

interface Props {
  report: Report;
  /** Deleted (or found already gone): the caller reloads the list and places the focus. */
  onDeleted: (report: Report, alreadyGone: boolean) => void;
  onFailed: () => void;
  onClose: () => void;
}

/** Asks before deleting one report, naming its address; Cancel has the focus first. */
export function DeleteDialog({ report, onDeleted, onFailed, onClose }: Props) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const remove = async (close: () => void) => {
    setDeleting(true);
    setError(null);
    try {
      await send('deleteReport', { id: report.id });
      onDeleted(report, false);
      close();
    } catch (caught) {
      const failure = caught as ApiError;
      if (failure.kind === 'not-found') {
        onDeleted(report, true);
        close();
        return;
      }
      setError(failure);
      onFailed();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog title="Delete this report?" onClose={onClose} busy={deleting}>
      {(close, ids) => (
        <div class="rm-dialog__body">
          <p id={ids.description}>
            The report of <strong class="rm-dialog__subject">{report.url}</strong> will be deleted from the service. This cannot be undone.
          </p>
          {error && <Notice tone="error" message={error.message} />}
          <div class="rm-dialog__buttons">
            <button type="button" class="button" onClick={close} disabled={deleting} autoFocus>
              Cancel
            </button>
            <button type="button" class="button button--danger" aria-disabled={deleting} onClick={() => !deleting && void remove(close)}>
              {deleting ? 'Deleting…' : 'Delete report'}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
