import { browser, type Browser } from 'wxt/browser';
import { hasShortcuts } from '@/lib/shared/platform';
import { reportWithoutPopup } from '@/lib/background/toolbar/report-without-popup';
import { openBesideTab } from '@/lib/background/toolbar/open-beside';
import { tabAddress } from '@/lib/shared/page-address';

/**
 * Keyboard commands. Opening the popup (`_execute_action`) is handled by the
 * browser itself; this module answers "report the current page", which
 * reports the tab in front of the user without opening the popup.
 */

export const COMMAND_REPORT_PAGE = 'report-page';
export const COMMAND_OPEN_BESIDE = 'open-beside';

/**
 * Reports the tab the command was pressed in. Invoking a command grants
 * activeTab, so the tab handed to the listener carries its address (a page
 * still loading has only its pending one); a tab without one (some browsers
 * omit it) is looked up as the active tab.
 */
async function reportCurrentTab(tab?: Browser.tabs.Tab): Promise<string | null> {
  const target = tabAddress(tab) ? tab : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return reportWithoutPopup(tabAddress(target));
}

/** Call once, synchronously, when the worker starts. */
export function registerShortcuts(): void {
  if (!hasShortcuts()) return;
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === COMMAND_REPORT_PAGE) void reportCurrentTab(tab);
    if (command === COMMAND_OPEN_BESIDE) void openBesideTab(tab);
  });
}
