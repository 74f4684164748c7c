import { useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from 'wxt/browser';
import { shortcutSettingsPlace } from '@/lib/pages/browser-help';
import { hasShortcuts } from '@/lib/shared/platform';
import { t, type PlainKey } from '@/lib/shared/i18n';

/** What a command does, in the words of this page; the browser's own description of `_execute_action` is vague. */
const COMMAND_TEXT: Record<string, PlainKey> = {
  _execute_action: 'shortcutOpenPopup',
  'report-page': 'shortcutReportPage',
};

/**
 * Extension pages cannot follow a link to the browser's shortcut settings;
 * Chrome lets them open it as a tab, Firefox (137+) has a call for it.
 */
async function openShortcutSettings(): Promise<boolean> {
  if (import.meta.env.FIREFOX) {
    const commands = browser.commands as typeof browser.commands & { openShortcutSettings?: () => Promise<void> };
    if (!commands.openShortcutSettings) return false;
    await commands.openShortcutSettings();
    return true;
  }
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
  return true;
}

function commandText(command: Browser.commands.Command): string | undefined {
  const key = COMMAND_TEXT[command.name ?? ''];
  return key ? t(key) : command.description;
}

export function ShortcutList() {
  const [commands, setCommands] = useState<Browser.commands.Command[] | null>(null);
  const [manual, setManual] = useState(false);

  useEffect(() => {
    if (hasShortcuts()) void browser.commands.getAll().then(setCommands, () => setCommands([]));
  }, []);

  if (!hasShortcuts()) {
    return (
      <div class="toolbar-settings__group">
        <h3>{t('shortcutsHeading')}</h3>
        <p>{t('shortcutsNone')}</p>
      </div>
    );
  }

  const open = async () => setManual(!(await openShortcutSettings().catch(() => false)));

  return (
    <div class="toolbar-settings__group">
      <h3>{t('shortcutsHeading')}</h3>
      {commands === null ? (
        <p class="muted">{t('loading')}</p>
      ) : (
        <dl class="toolbar-settings__shortcuts">
          {commands.map((command) => (
            <div key={command.name}>
              <dt>{commandText(command)}</dt>
              <dd>{command.shortcut ? <kbd translate={false}>{command.shortcut}</kbd> : <span class="muted">{t('shortcutUnset')}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      <button type="button" class="button" aria-describedby="shortcut-place" onClick={() => void open()}>
        {t('shortcutsChange')}
      </button>
      <p class="field__help" id="shortcut-place">
        {shortcutSettingsPlace()}
      </p>
      {manual && (
        <p class="field__help" role="status">
          {t('shortcutsManual')}
        </p>
      )}
    </div>
  );
}
