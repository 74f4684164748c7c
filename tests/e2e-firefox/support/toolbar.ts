import type { Page } from 'puppeteer-core';
import type { ExtensionParentModule } from './chrome-globals.ts';
import type { ChromeScope } from './chrome-scope.ts';

/** How Firefox names the extension's pieces of its own window (ExtensionCommon's makeWidgetId). */
export function widgetId(extensionId: string): string {
  return extensionId.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
}

/**
 * The extension's toolbar button (in Firefox 153, an entry of the Extensions panel until the
 * user pins it), clicked: what the click runs, so the popup opens over the selected tab and
 * the extension gets activeTab on it.
 */
export async function clickToolbarButton(chrome: ChromeScope, extensionId: string): Promise<void> {
  await chrome.run((c, id) => {
    const policy = c.WebExtensionPolicy.getByID(id);
    if (!policy) throw new Error(`${id} is not installed`);
    const { ExtensionParent } = c.ChromeUtils.importESModule<ExtensionParentModule>('resource://gre/modules/ExtensionParent.sys.mjs');
    ExtensionParent.apiManager.global.browserActionFor(policy.extension).triggerAction(c.window);
  }, extensionId);
}

/** What the popup in the toolbar panel shows, or null while none is open. */
export interface ToolbarPopupView {
  /** main.popup's data-state: starting, loading, cached, ready, unsupported, failed. */
  state: string;
  job: string;
  address: string;
  /** Every word on it, spaces collapsed. */
  text: string;
}

/**
 * The toolbar popup is no tab, so WebDriver BiDi cannot reach it; an extension page can
 * (same process, same origin), through `extension.getViews`. `host` is any extension page.
 * (The polyfill's types call those views browser windows; they are the pages' own `window`s.)
 */
export function readToolbarPopup(host: Page): Promise<ToolbarPopupView | null> {
  return host.evaluate(() => {
    const view = browser.extension.getViews({ type: 'popup' })[0];
    const doc: Document | undefined = view ? Reflect.get(view, 'document') : undefined;
    const main = doc?.querySelector('main.popup');
    if (!doc || !main) return null;
    return {
      state: main.getAttribute('data-state') ?? '',
      job: main.getAttribute('data-job') ?? '',
      address: doc.querySelector('#page-address-value')?.textContent?.trim() ?? '',
      text: (main.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });
}

/** Polls the toolbar popup until `done` holds; answers what it showed then. */
export async function waitForToolbarPopup(
  host: Page,
  what: string,
  done: (view: ToolbarPopupView) => boolean,
  timeoutMs = 10_000,
): Promise<ToolbarPopupView> {
  const deadline = Date.now() + timeoutMs;
  let last: ToolbarPopupView | null;
  for (;;) {
    last = await readToolbarPopup(host);
    if (last && done(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for the toolbar popup to show ${what}; it showed: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real click (Firefox's own mouse events, as a user's) on the element of the toolbar popup
 * that `selector` finds: unlike a script's click it counts as a user's action, so the popup
 * may ask for a permission from it.
 */
export async function clickInToolbarPopup(chrome: ChromeScope, host: Page, selector: string): Promise<void> {
  const point = await host.evaluate((sel) => {
    const view = browser.extension.getViews({ type: 'popup' })[0];
    const doc: Document | undefined = view ? Reflect.get(view, 'document') : undefined;
    const element = doc?.querySelector(sel);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, selector);
  if (!point) throw new Error(`Nothing in the toolbar popup matches ${selector}`);
  await chrome.run((c, at) => {
    const panelBrowser = c.document.querySelector('browser[webextension-view-type="popup"]');
    if (!panelBrowser) throw new Error('The toolbar popup is not open');
    const box = panelBrowser.getBoundingClientRect();
    c.events.synthesizeMouseAtPoint(box.x + at.x, box.y + at.y, {}, c.window);
  }, point);
}

/** Closes the toolbar popup, as a click elsewhere would. */
export async function closeToolbarPopup(host: Page): Promise<void> {
  await host.evaluate(() => {
    for (const view of browser.extension.getViews({ type: 'popup' })) {
      const closeView: () => void = Reflect.get(view, 'close');
      closeView.call(view);
    }
  });
}

/** The badge on the extension's toolbar button as Firefox draws it for the selected tab. */
export function toolbarBadge(chrome: ChromeScope, extensionId: string): Promise<{ text: string; style: string }> {
  return chrome.run((c, widget) => {
    const node = c.CustomizableUI.getWidget(`${widget}-browser-action`)?.forWindow(c.window).node;
    const button = node?.querySelector('.unified-extensions-item-action-button');
    return { text: button?.getAttribute('badge') ?? '', style: button?.getAttribute('badgeStyle') ?? '' };
  }, widgetId(extensionId));
}

/** The keys Firefox registered for the extension's commands, as `alt,shift+S`. */
export function registeredShortcuts(chrome: ChromeScope, extensionId: string): Promise<string[]> {
  return chrome.run(
    (c, widget) =>
      [...c.document.querySelectorAll(`keyset[id="ext-keyset-id-${widget}"] key`)].map(
        (key) => `${key.getAttribute('modifiers') ?? ''}+${key.getAttribute('key') ?? key.getAttribute('keycode') ?? ''}`,
      ),
    widgetId(extensionId),
  );
}

/**
 * Presses keys with the address bar focused, as a user in front of the selected tab does.
 * Keys sent into a page over BiDi stay in that page and never reach Firefox's own shortcuts.
 */
export async function pressShortcut(
  chrome: ChromeScope,
  key: string,
  modifiers: { altKey?: boolean; shiftKey?: boolean; ctrlKey?: boolean },
): Promise<void> {
  await chrome.run(
    (c, k, m) => {
      c.gURLBar.focus();
      c.events.synthesizeKey(k, m, c.window);
    },
    key,
    modifiers,
  );
}
