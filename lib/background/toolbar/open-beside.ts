import type { Browser } from 'wxt/browser';
import { followPopupBeside } from '@/lib/background/popup-service';
import { openBesidePage } from '@/lib/shared/beside-page';

/**
 * "Show the audit beside the page" from the right-click menu or the keyboard: the panel opens in
 * the window of the tab it was asked in, on the service that window's popup reports to (no page
 * names another). Called in the listener's first turn, where the browser still counts the user's
 * gesture; the same gesture grants activeTab, so the panel reads that tab's address.
 */
export function openBesideTab(tab: Browser.tabs.Tab | undefined): Promise<void> {
  if (tab?.windowId === undefined) return Promise.resolve();
  const opened = openBesidePage({ windowId: tab.windowId }).catch((error: unknown) => console.warn('The panel beside the page did not open', error));
  const following = followPopupBeside(tab.windowId).catch((error: unknown) => console.warn('The panel beside the page kept its service', error));
  return Promise.all([opened, following]).then(() => undefined);
}
