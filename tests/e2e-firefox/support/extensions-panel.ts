import type { ChromeScope } from './chrome-scope.ts';
import { widgetId } from './toolbar.ts';

/**
 * Firefox's Extensions button (the puzzle piece) and the menu of the extension's entry in its
 * panel, which holds the site controls for the selected tab ("Only When Clicked", "Always
 * Allow on <site>"), opened with a real right click.
 */

export interface PanelMenuItem {
  label: string;
  checked: boolean;
}

/** Opens the panel and the extension's menu in it; answers the menu's items. */
export async function openExtensionsPanelMenu(chrome: ChromeScope, extensionId: string): Promise<PanelMenuItem[]> {
  await chrome.run(async (c) => c.gUnifiedExtensions.togglePanel());
  await chrome.waitFor(
    "the extension's entry in the Extensions panel",
    (c, id) => {
      const panel = c.document.querySelector('#unified-extensions-panel');
      const entry = c.document.querySelector(`#unified-extensions-area #${id}-browser-action`);
      if (!panel || Reflect.get(panel, 'state') !== 'open' || !entry) return false;
      c.events.synthesizeMouseAtCenter(entry, { type: 'contextmenu', button: 2 }, c.window);
      return true;
    },
    [widgetId(extensionId)],
  );
  return chrome.waitFor(
    'its menu',
    (c) => {
      const menu = c.document.querySelector('#unified-extensions-context-menu');
      if (!menu || Reflect.get(menu, 'state') !== 'open') return null;
      return [...menu.querySelectorAll('menuitem')]
        .filter((item) => !item.hidden && !item.hasAttribute('disabled'))
        .map((item) => ({ label: item.getAttribute('label') ?? '', checked: item.hasAttribute('checked') }));
    },
    [],
  );
}

/** Chooses an item of the open menu, as a click does; the menu and the panel close. */
export async function chooseExtensionsPanelItem(chrome: ChromeScope, label: string): Promise<void> {
  await chrome.run((c, wanted) => {
    const menu = c.document.querySelector('#unified-extensions-context-menu');
    const item = [...(menu?.querySelectorAll('menuitem') ?? [])].find((m) => m.getAttribute('label') === wanted);
    if (!menu || !item) throw new Error(`No "${wanted}" in the extension's menu`);
    Reflect.apply(Reflect.get(menu, 'activateItem'), menu, [item]);
  }, label);
  // Then the panel, as a click elsewhere would close it, once its menu has gone.
  await chrome.waitFor(
    'the Extensions panel to close',
    (c) => {
      const menu = c.document.querySelector('#unified-extensions-context-menu');
      const panel = c.document.querySelector('#unified-extensions-panel');
      if (!menu || !panel || Reflect.get(menu, 'state') !== 'closed') return false;
      if (Reflect.get(panel, 'state') === 'closed') return true;
      if (Reflect.get(panel, 'state') === 'open') Reflect.apply(Reflect.get(panel, 'hidePopup'), panel, []);
      return false;
    },
    [],
  );
}
