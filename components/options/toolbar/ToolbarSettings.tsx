import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { SettingsView } from '@/lib/protocol';
import { send } from '@/lib/pages/send-to-background';
import { PRIVACY_TEXT } from '@/lib/shared/score';
import { Notice } from '@/components/ui/Notice';
import { BadgeSetting } from '@/components/options/toolbar/BadgeSetting';
import { ShortcutList } from '@/components/options/toolbar/ShortcutList';
import '@/components/options/toolbar/toolbar-settings.css';

/** Reports from the right-click menu or a shortcut use the default privacy, except a password one: there is nowhere to type it. */
function RightClickHelp({ settings }: { settings: SettingsView }) {
  const privacy = settings.preferences.defaultPrivacy;
  return (
    <div class="toolbar-settings__group">
      <h3>Right-click</h3>
      <p>
        Right-click a page and choose “Report this page”, or a link and choose “Report this link”. The outcome arrives as a notification: click it to
        open the report.
      </p>
      <p class="field__help">
        {privacy === 2
          ? 'Your default privacy is Password-protected, but there is nowhere to type a password from the menu or a shortcut, so those reports are made Private instead.'
          : `These reports use your default privacy (${PRIVACY_TEXT[privacy]}). A Password-protected default cannot be used there: such reports are made Private instead.`}
      </p>
      {!settings.keySet && <p class="muted">The menu appears once the extension is connected to your service.</p>}
    </div>
  );
}

/** The options' section for what happens outside the popup: badge, right-click menu, keyboard shortcuts. */
export function ToolbarSettings() {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    setError(null);
    send('getSettings', {}).then(setSettings, (e: unknown) => setError(e instanceof Error ? e.message : 'The settings could not be read.'));
  };
  useEffect(() => {
    load();
    // The default privacy and the connection are changed elsewhere on this page (or in another window).
    const reload = (_changes: unknown, area: string) => void (area !== 'session' && load());
    browser.storage.onChanged.addListener(reload);
    return () => browser.storage.onChanged.removeListener(reload);
  }, []);

  return (
    <section class="toolbar-settings" aria-labelledby="toolbar-settings-title" aria-busy={settings === null && !error}>
      <h2 id="toolbar-settings-title">Toolbar, right-click and shortcuts</h2>
      {error ? (
        <Notice tone="error" message={error}>
          <button type="button" class="button" onClick={load}>
            Try again
          </button>
        </Notice>
      ) : settings === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <>
          <BadgeSetting settings={settings} onSaved={setSettings} />
          <RightClickHelp settings={settings} />
          <ShortcutList />
        </>
      )}
    </section>
  );
}
