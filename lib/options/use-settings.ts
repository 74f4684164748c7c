import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { AccountState } from '@/components/options/AccountPanel';
import type { Account } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import type { SettingsView } from '@/lib/protocol';
import { send } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';

const isConnected = (s: SettingsView) => Boolean(s.baseUrl && s.keySet && s.permissionGranted);

const asData = (error: unknown) => errorData(error, 'The extension could not read its settings. Reload this page.');

/** The settings as the background shows them, and the account they lead to. */
export function useConnectionState() {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [loadError, setLoadError] = useState<ApiErrorData | null>(null);
  const [account, setAccount] = useState<AccountState>({ state: 'none' });

  const loadAccount = useCallback(async () => {
    setAccount({ state: 'loading' });
    try {
      setAccount({ state: 'ready', account: await send('getAccount', {}) });
    } catch (error) {
      setAccount({ state: 'error', error: asData(error) });
    }
  }, []);

  const refresh = useCallback(async () => {
    try {
      const next = await send('getSettings', {});
      setSettings(next);
      setLoadError(null);
      if (isConnected(next)) void loadAccount();
      else setAccount({ state: 'none' });
    } catch (error) {
      setLoadError(asData(error));
    }
  }, [loadAccount]);

  useEffect(() => {
    void refresh();
    // The permission can be granted from the popup or taken back in the browser's settings while this page is open.
    const onChange = () => void refresh();
    browser.permissions.onAdded.addListener(onChange);
    browser.permissions.onRemoved.addListener(onChange);
    return () => {
      browser.permissions.onAdded.removeListener(onChange);
      browser.permissions.onRemoved.removeListener(onChange);
    };
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
