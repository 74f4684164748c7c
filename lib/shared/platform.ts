import { browser } from 'wxt/browser';

/**
 * What the browser lets extensions add outside their popup and options. The one Firefox build
 * runs on desktop and on Android, and Firefox for Android has neither a right-click menu nor
 * keyboard shortcuts for extensions: there `contextMenus` and `commands` are missing.
 */
export function hasContextMenus(): boolean {
  return Reflect.get(browser, 'contextMenus') !== undefined;
}

export function hasShortcuts(): boolean {
  return Reflect.get(browser, 'commands') !== undefined;
}
