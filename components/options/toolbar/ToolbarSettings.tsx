import type { SettingsView } from '@/lib/protocol';
import { hasContextMenus } from '@/lib/shared/platform';
import { PRIVACY_TEXT } from '@/lib/shared/score';
import { BadgeSetting } from '@/components/options/toolbar/BadgeSetting';
import { ShortcutList } from '@/components/options/toolbar/ShortcutList';
import '@/components/options/toolbar/toolbar-settings.css';

/** Reports from the right-click menu or a shortcut use the default privacy, except a password one: there is nowhere to type it. */
function RightClickHelp({ settings }: { settings: SettingsView }) {
  const privacy = settings.preferences.defaultPrivacy;
  if (!hasContextMenus()) {
    return (
      <div class="toolbar-settings__group">
        <h3>Right-click</h3>
        <p>This browser has no right-click menu for extensions (Firefox for Android has none): report pages from the popup.</p>
      </div>
    );
  }
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
export function ToolbarSettings({ settings, onSaved }: { settings: SettingsView; onSaved: (settings: SettingsView) => void }) {
  return (
    <section class="toolbar-settings" aria-labelledby="toolbar-settings-title">
      <h2 id="toolbar-settings-title">Toolbar, right-click and shortcuts</h2>
      <BadgeSetting settings={settings} onSaved={onSaved} />
      <RightClickHelp settings={settings} />
      <ShortcutList />
    </section>
  );
}
