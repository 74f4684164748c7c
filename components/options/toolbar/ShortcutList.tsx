import { useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from 'wxt/browser';

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
    void browser.commands.getAll().then(setCommands, () => setCommands([]));
  }, []);

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
      <button type="button" class="button" onClick={() => void open()}>
        Change shortcuts
      </button>
      {manual && (
        <p class="field__help" role="status">
          Open the add-ons page (about:addons), choose the gear menu, then “Manage Extension Shortcuts”.
        </p>
      )}
    </div>
  );
}
