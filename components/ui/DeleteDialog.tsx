import type { ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { Notice } from '@/components/ui/Notice';
import { Dialog, useDialogRequest } from '@/components/ui/Dialog';
import { t } from '@/lib/shared/i18n';
import { richText } from '@/components/ui/rich-text';

interface Props {
  report: Report;
  /** Deleted (or found already gone): the caller reloads the list and places the focus. */
  onDeleted: (report: Report, alreadyGone: boolean) => void;
  onFailed: () => void;
  onClose: () => void;
}

/** Asks before deleting one report, naming its address; Cancel has the focus first. */
export function DeleteDialog({ report, onDeleted, onFailed, onClose }: Props) {
  const { busy: deleting, error, run } = useDialogRequest(onFailed);

  const remove = (close: () => void) =>
    run(async () => {
      // Already gone is what was asked for: the list is told so, not shown an error.
      const alreadyGone = await sendToBackground('deleteReport', { id: report.id }).then(
        () => false,
        (caught: ApiError) => {
          if (caught.kind === 'not-found') return true;
          throw caught;
        },
      );
      onDeleted(report, alreadyGone);
      close();
    });

  return (
    <Dialog title={t('deleteTitle')} onClose={onClose} busy={deleting}>
      {(close, ids) => (
        <div class="dialog__body">
          <p id={ids.description}>
            {richText(t('deleteText', { address: '{address}' }), {
              address: (
                <strong class="dialog__subject" translate={false}>
                  {report.url}
                </strong>
              ),
            })}
          </p>
          {error && <Notice tone="error" message={error.message} />}
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} disabled={deleting} autoFocus>
              {t('cancel')}
            </button>
            <button type="button" class="button button--danger" aria-disabled={deleting} onClick={() => !deleting && void remove(close)}>
              {deleting ? t('deleting') : t('deleteButton')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
