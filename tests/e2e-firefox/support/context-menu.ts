import type { Page } from 'puppeteer-core';
import type { ChromeScope } from './chrome-scope.ts';
import { widgetId } from './toolbar.ts';

/**
 * Firefox's right-click menu over a page, opened by a real right click (BiDi's mouse, which
 * Firefox handles as a user's), and the extension's items in it.
 */

/**
 * Right-clicks `page` on the element `selector` finds (or near its top left corner) and waits
 * for the menu; answers the labels of the extension's items it shows.
 */
export async function openContextMenu(chrome: ChromeScope, extensionId: string, page: Page, selector?: string): Promise<string[]> {
  await page.bringToFront();
  const point = selector
    ? await page.$eval(selector, (element) => {
        const box = element.getBoundingClientRect();
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      })
    : { x: 5, y: 5 };
  await page.mouse.click(point.x, point.y, { button: 'right' });
  await chrome.waitFor(
    'the right-click menu',
    (c) => {
      const menu = c.document.querySelector('#contentAreaContextMenu');
      return menu !== null && Reflect.get(menu, 'state') === 'open';
    },
    [],
  );
  return chrome.run(
    (c, prefix) =>
      [...c.document.querySelectorAll(`#contentAreaContextMenu menuitem[id^="${prefix}"]`)]
        .filter((item) => !item.hasAttribute('hidden'))
        .map((item) => item.getAttribute('label') ?? ''),
    `${widgetId(extensionId)}-menuitem-`,
  );
}

/** Chooses the item with this label in the open right-click menu, as a click on it does (the menu closes). */
export async function chooseContextMenuItem(chrome: ChromeScope, label: string): Promise<void> {
  await chrome.run((c, wanted) => {
    const menu = c.document.querySelector('#contentAreaContextMenu');
    const item = [...(menu?.querySelectorAll('menuitem') ?? [])].find((m) => m.getAttribute('label') === wanted && !m.hasAttribute('hidden'));
    if (!menu || !item) throw new Error(`No "${wanted}" in the right-click menu`);
    // What a click or Enter on a menu item runs: its command, then the menu closes.
    Reflect.apply(Reflect.get(menu, 'activateItem'), menu, [item]);
  }, label);
}
