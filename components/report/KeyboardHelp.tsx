import { Dialog } from '@/components/ui/Dialog';
import { CHECK_KEYS, type CheckKeyAction } from '@/lib/report/check-keys';
import { t, type PlainKey } from '@/lib/shared/i18n';

const ACTION_TEXT = {
  next: 'keysNextCheck',
  previous: 'keysPreviousCheck',
  nextFailed: 'keysNextFailed',
  previousFailed: 'keysPreviousFailed',
  showOnPage: 'keysShowOnPage',
  help: 'keysHelp',
  nextFinding: 'keysNextFinding',
  previousFinding: 'keysPreviousFinding',
} as const satisfies Record<CheckKeyAction, PlainKey>;

/** The list of the report view's keys, opened with `?`; Escape or Close puts the focus back where it was. */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t('keysTitle')} onClose={onClose}>
      {(close, ids) => (
        <>
          <dl class="keys" id={ids.description}>
            {CHECK_KEYS.map(({ key, action }) => (
              <div class="keys__row" key={key}>
                <dt>
                  <kbd translate={false}>{key}</kbd>
                </dt>
                <dd>{t(ACTION_TEXT[action])}</dd>
              </div>
            ))}
          </dl>
          <p class="muted">{t('keysTyping')}</p>
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} autoFocus>
              {t('keysClose')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
