import { useId, useState } from 'preact/hooks';
import { Dialog, useDialogRequest } from '@/components/ui/Dialog';
import { Notice } from '@/components/ui/Notice';
import type { AcceptanceControl } from '@/lib/report/use-report-limits';
import { t } from '@/lib/shared/i18n';

/** Today in the user's calendar, as a date field writes it: the earliest last day an acceptance may have. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Accepts a failed check for this page or the whole site, with a reason and an optional last day. */
export function AcceptDialog({
  checkKey,
  name,
  control,
  onAccepted,
  onClose,
}: {
  checkKey: string;
  name: string;
  control: AcceptanceControl;
  onAccepted: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const [scope, setScope] = useState<'page' | 'site'>('page');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, error, run } = useDialogRequest(() => undefined);
  const reasonMissing = checked && reason.trim() === '';

  const save = (close: () => void) => {
    setChecked(true);
    if (reason.trim() === '') return;
    void run(async () => {
      await control.accept({ check: checkKey, address: scope === 'page' ? control.url : null, reason: reason.trim(), until: until || null });
      onAccepted();
      close();
    });
  };

  return (
    <Dialog title={t('acceptDialogTitle', { check: name })} onClose={onClose} busy={busy}>
      {(close, ids) => (
        <form
          class="dialog__body limits-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) save(close);
          }}
        >
          <p id={ids.description}>{t('acceptDialogIntro')}</p>
          <fieldset>
            <legend>{t('acceptScope')}</legend>
            <label>
              <input type="radio" name={`${id}-scope`} checked={scope === 'page'} onChange={() => setScope('page')} autoFocus />
              <span>
                {t('acceptScopePage')} <span translate={false}>{control.url}</span>
              </span>
            </label>
            <label>
              <input type="radio" name={`${id}-scope`} checked={scope === 'site'} onChange={() => setScope('site')} />
              <span>{t('acceptScopeSite', { project: control.project })}</span>
            </label>
          </fieldset>
          <div class="field">
            <label class="field__label" for={`${id}-reason`}>
              {t('acceptReason')}
            </label>
            <textarea
              id={`${id}-reason`}
              class="input"
              rows={2}
              maxLength={300}
              value={reason}
              aria-invalid={reasonMissing}
              aria-describedby={`${id}-reason-help`}
              onInput={(event) => setReason(event.currentTarget.value)}
            />
            <p id={`${id}-reason-help`} class={reasonMissing ? 'field__error' : 'field__help'}>
              {reasonMissing ? t('acceptReasonMissing') : t('acceptReasonHelp')}
            </p>
          </div>
          <div class="field">
            <label class="field__label" for={`${id}-until`}>
              {t('acceptUntil')}
            </label>
            <input
              id={`${id}-until`}
              class="input"
              type="date"
              min={today()}
              value={until}
              onInput={(event) => setUntil(event.currentTarget.value)}
            />
          </div>
          {error && <Notice tone="error" message={error.message} />}
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} disabled={busy}>
              {t('cancel')}
            </button>
            <button type="submit" class="button button--primary" aria-disabled={busy}>
              {t('acceptSave')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
