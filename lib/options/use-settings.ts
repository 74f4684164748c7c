import { useCallback, useEffect, useState } from 'preact/hooks';
import type { AccountState } from '@/components/options/AccountPanel';
import type { Account } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/protocol';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';
import { t } from '@/lib/shared/i18n';

const isConnected = (s: SettingsView) => Boolean(s.baseUrl && s.keySet && s.permissionGranted);

const asData = (error: unknown) => errorData(error, t('errorSettingsUnreadable'));

/** The options page's one source of settings: as the background shows them, kept current, and the account they lead to. */
export function useSettings() {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<ApiErrorData | null>(null);
  const [account, setAccount] = useState<AccountState>({ state: 'none' });

  const loadAccount = useCallback(async () => {
    setAccount({ state: 'loading' });
    try {
      setAccount({ state: 'ready', account: await sendToBackground('getAccount', {}, null) });
    } catch (error) {
      setAccount({ state: 'error', error: asData(error) });
    }
  }, []);

  /** Reads the settings again; `withAccount` asks the service for the account too when connected. */
  const refresh = useCallback(
    async (withAccount = true) => {
      try {
        const next = await sendToBackground('getSettings', {});
        setSettings(next);
        setLoadError(null);
        if (!isConnected(next)) setAccount({ state: 'none' });
        else if (withAccount) void loadAccount();
      } catch (error) {
        setLoadError(asData(error));
      }
    },
    [loadAccount],
  );

  useEffect(() => {
    void refresh();
    // The permission can be granted from the popup or taken back in the browser's settings while this page is
    // open: the account shows again or goes. Other changes (a preference, the badge turned off by the background,
    // the connection this page itself just saved and whose account it holds) need only the settings read again.
    return onStateChanged((change) => {
      if (change !== 'queue') void refresh(change === 'permission');
    });
  }, [refresh]);

  const saved = (result: { settings: SettingsView; account: Account }) => {
    setSettings(result.settings);
    setAccount({ state: 'ready', account: result.account });
  };
  const forgotten = (next: SettingsView) => {
    setSettings(next);
    setAccount({ state: 'none' });
  };

  return { settings, loadError, account, refresh, loadAccount, saved, forgotten, setSettings, connected: settings ? isConnected(settings) : false };
}
