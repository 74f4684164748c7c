import { errorData } from '@/lib/pages/error-view';
import { checkConnectionForm, connectionFailure, type ConnectionFailure, type ConnectionInput } from '@/lib/options/connection-form';
import { requestServiceAccess } from '@/lib/shared/permission';
import { t } from '@/lib/shared/i18n';

interface SaveSteps {
  setBusy: (busy: boolean) => void;
  setFailure: (failure: ConnectionFailure | null) => void;
  /** Keeps the address and key checked, once the browser lets the extension reach the address. */
  save: (checked: { baseUrl: string; apiKey: string | undefined }) => Promise<void>;
}

/**
 * A connection form's submit, for the one connection and for each named service alike: the fields checked, access
 * to the address asked within the click (the browser shows its prompt only there), then `save`. Every failure is
 * said in the form, which keeps what was typed.
 */
export function saveConnection(input: ConnectionInput, { setBusy, setFailure, save }: SaveSteps): void {
  const check = checkConnectionForm(input);
  if (!check.ok) {
    setFailure({ message: null, fields: check.fields });
    return;
  }
  // Asked before anything is awaited.
  const asked = requestServiceAccess(check.baseUrl);
  setBusy(true);
  setFailure(null);
  void (async () => {
    try {
      if (!(await asked)) {
        setFailure({ message: t('connectionRefused', { host: new URL(check.baseUrl).host }), fields: {} });
        return;
      }
      await save(check);
    } catch (error) {
      setFailure(connectionFailure(errorData(error)));
    } finally {
      setBusy(false);
    }
  })();
}
