import { useState } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { errorView } from '@/lib/pages/error-view';
import { passwordProblem } from '@/lib/pages/password';
import type { Privacy } from '@/lib/shared/privacy';
import { Notice } from '@/components/ui/Notice';
import { PrivacyChoice } from '@/components/ui/PrivacyChoice';
import { SecretInput } from '@/components/ui/SecretInput';
import { Dialog, useDialogRequest } from '@/components/ui/Dialog';
import { t } from '@/lib/shared/i18n';

interface Props {
  report: Report;
  onSaved: (report: Report) => void;
  /** The save failed: the caller reloads the list, which may have changed meanwhile. */
  onFailed: () => void;
  onClose: () => void;
}

/**
 * Changes who may see a report. Choosing a password asks for a new one; it
 * goes to the service and is kept nowhere else: it lives in this dialog's
 * state only, which goes when the dialog closes.
 */
export function PrivacyDialog({ report, onSaved, onFailed, onClose }: Props) {
  const [privacy, setPrivacy] = useState<Privacy>(report.privacy);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy: saving, error, run } = useDialogRequest(onFailed);
  const shown = error ? errorView(error, ['password', 'privacy']) : null;
  const problem = checked ? passwordProblem(privacy, password) : null;
  const passwordMessage = problem ?? shown?.fields.password;

  const save = (close: () => void) => {
    setChecked(true);
    if (passwordProblem(privacy, password)) return;
    void run(async () => {
      onSaved(await sendToBackground('updateReport', { id: report.id, privacy, ...(privacy === 2 ? { password } : {}) }));
      close();
    });
  };

  return (
    <Dialog title={t('privacyDialogTitle')} onClose={onClose} busy={saving}>
      {(close, ids) => (
        <form
          class="dialog__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!saving) save(close);
          }}
        >
          <p id={ids.description} class="dialog__subject" translate={false}>
            {report.url}
          </p>
          <PrivacyChoice
            name="rm-privacy"
            legend={t('privacyLegend')}
            value={privacy}
            onChange={setPrivacy}
            disabled={saving}
            error={shown?.fields.privacy}
          />
          {privacy === 2 && (
            <div class="field">
              <label class="field__label" for="rm-new-password">
                {report.privacy === 2 ? t('passwordNewLabel') : t('passwordLabel')}
              </label>
              <SecretInput
                id="rm-new-password"
                what={t('passwordWhat')}
                value={password}
                onInput={setPassword}
                autoComplete="new-password"
                invalid={Boolean(passwordMessage)}
                describedBy="rm-new-password-help"
                disabled={saving}
              />
              <p id="rm-new-password-help" class={passwordMessage ? 'field__error' : 'field__help'}>
                {passwordMessage ?? t('passwordHelp')}
              </p>
              {!problem && shown?.fromService && shown.fields.password && <p class="field__help">{t('serviceWords')}</p>}
            </div>
          )}
          {shown && (shown.message || shown.otherFields.length > 0) && !shown.fields.password && (
            <Notice tone="error" message={shown.message} extra={[...shown.otherFields, ...(shown.fromService ? [t('serviceWords')] : [])]} />
          )}
          <div class="dialog__buttons">
            <button type="button" class="button" onClick={close} disabled={saving}>
              {t('cancel')}
            </button>
            <button type="submit" class="button button--primary" aria-disabled={saving}>
              {saving ? t('saving') : t('save')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
