import type { SettingsView } from '@/lib/protocol';
import { hasContextMenus } from '@/lib/shared/platform';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';
import { BadgeSetting } from '@/components/options/toolbar-settings/BadgeSetting';
import { ShortcutList } from '@/components/options/toolbar-settings/ShortcutList';
import '@/components/options/toolbar-settings/toolbar-settings.css';
import { t } from '@/lib/shared/i18n';

/** Reports from the right-click menu or a shortcut use the default privacy, except a password one: there is nowhere to type it. */
function RightClickHelp({ settings }: { settings: SettingsView }) {
  const privacy = settings.preferences.defaultPrivacy;
  if (!hasContextMenus()) {
    return (
      <div class="toolbar-settings__group">
        <h3>{t('rightClickHeading')}</h3>
        <p>{t('rightClickNone')}</p>
      </div>
    );
  }
  return (
    <div class="toolbar-settings__group">
      <h3>{t('rightClickHeading')}</h3>
      <p>{t('rightClickHow')}</p>
      <p class="field__help">{privacy === 2 ? t('rightClickPassword') : t('rightClickPrivacy', { privacy: PRIVACY_TEXT[privacy] })}</p>
      {!settings.keySet && <p class="muted">{t('rightClickAfterConnect')}</p>}
    </div>
  );
}

/** The options' section for what happens outside the popup: badge, right-click menu, keyboard shortcuts. */
export function ToolbarSettings({ settings, onSaved }: { settings: SettingsView; onSaved: (settings: SettingsView) => void }) {
  return (
    <section class="toolbar-settings" aria-labelledby="toolbar-settings-title">
      <h2 id="toolbar-settings-title">{t('toolbarHeading')}</h2>
      <BadgeSetting settings={settings} onSaved={onSaved} />
      <RightClickHelp settings={settings} />
      <ShortcutList />
    </section>
  );
}
