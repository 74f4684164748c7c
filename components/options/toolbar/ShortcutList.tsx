import { useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from 'wxt/browser';
import { shortcutSettingsPlace } from '@/lib/pages/browser-help';
import { hasShortcuts } from '@/lib/shared/platform';

/** What a command does, in the words of this page; the browser's own description of `_execute_action` is vague. */
const COMMAND_TEXT: Record<string, string> = {
  _execute_action: 'Open the popup',
  'report-page': 'Report the current page, without the popup',
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

export function ShortcutList() {
  const [commands, setCommands] = useState<Browser.commands.Command[] | null>(null);
  const [manual, setManual] = useState(false);

  useEffect(() => {
    if (hasShortcuts()) void browser.commands.getAll().then(setCommands, () => setCommands([]));
  }, []);

  if (!hasShortcuts()) {
    return (
      <div class="toolbar-settings__group">
        <h3>Keyboard shortcuts</h3>
        <p>This browser has no keyboard shortcuts for extensions (Firefox for Android has none).</p>
      </div>
    );
  }

  const open = async () => setManual(!(await openShortcutSettings().catch(() => false)));

  return (
    <div class="toolbar-settings__group">
      <h3>Keyboard shortcuts</h3>
      {commands === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <dl class="toolbar-settings__shortcuts">
          {commands.map((command) => (
            <div key={command.name}>
              <dt>{COMMAND_TEXT[command.name ?? ''] ?? command.description}</dt>
              <dd>{command.shortcut ? <kbd>{command.shortcut}</kbd> : <span class="muted">No shortcut set</span>}</dd>
            </div>
          ))}
        </dl>
      )}
      <button type="button" class="button" aria-describedby="shortcut-place" onClick={() => void open()}>
        Change shortcuts
      </button>
      <p class="field__help" id="shortcut-place">
        {shortcutSettingsPlace()}
      </p>
      {manual && (
        <p class="field__help" role="status">
          The browser did not open them from here: open them yourself as said above.
        </p>
      )}
    </div>
  );
}
