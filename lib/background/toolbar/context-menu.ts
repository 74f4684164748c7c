import { browser, type Browser } from 'wxt/browser';
import { hasContextMenus } from '@/lib/shared/platform';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { readConnection, watchConnection } from '@/lib/storage';
import { reportWithoutPopup } from '@/lib/background/toolbar/report-without-popup';
import { t } from '@/lib/shared/i18n';
import { reportTabsFromMenu } from '@/lib/background/toolbar/report-tabs';
import { openBesideTab } from '@/lib/background/toolbar/open-beside';
import { afterStart } from '@/lib/background/start-work';

/**
 * "Report this page" and "Report this link" in the right-click menu, present
 * only while the extension is connected: a menu item that can only answer
 * "connect first" would be noise on every page.
 */

export const MENU_REPORT_PAGE = 'report-page';
export const MENU_REPORT_LINK = 'report-link';
export const MENU_REPORT_TABS = 'report-tabs';
export const MENU_OPEN_BESIDE = 'open-beside';

/** Only web pages can be audited; the browser hides the items elsewhere (its own pages, files, mailto: links). */
const WEB_PAGES = ['http://*/*', 'https://*/*'];

const openBesideItem = (): Browser.contextMenus.CreateProperties => ({
  id: MENU_OPEN_BESIDE,
  title: t('menuOpenBeside'),
  contexts: ['page'],
  documentUrlPatterns: WEB_PAGES,
});

/** Worded when the menu is built, in the UI language. */
const menuItems = (): Browser.contextMenus.CreateProperties[] => [
  { id: MENU_REPORT_PAGE, title: t('menuReportPage'), contexts: ['page'], documentUrlPatterns: WEB_PAGES },
  { id: MENU_REPORT_LINK, title: t('menuReportLink'), contexts: ['link'], targetUrlPatterns: WEB_PAGES },
  // On the toolbar icon's own menu.
  { id: MENU_REPORT_TABS, title: t('menuReportTabs'), contexts: ['action'] },
  // Chrome only: Firefox has its own button for the sidebar, and a second page item would put "Report this page"
  // one submenu deeper there.
  ...(import.meta.env.FIREFOX ? [] : [openBesideItem()]),
];

function create(item: Browser.contextMenus.CreateProperties): Promise<void> {
  return new Promise((resolve) => {
    // Reading lastError keeps a harmless "duplicate id" from surfacing as an unchecked error.
    browser.contextMenus.create(item, () => {
      void browser.runtime.lastError;
      resolve();
    });
  });
}

async function applyMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  const connection = await readConnection();
  if (!connection?.apiKey) return;
  for (const item of menuItems()) await create(item);
}

// Syncs run one after the other: two interleaved removeAll/create rounds would
// leave duplicates or nothing at all.
const menuQueue = createSerialQueue();

/** Brings the menu in line with the stored connection. Answers once it is. */
export function syncMenus(): Promise<void> {
  return menuQueue(applyMenus).catch((error: unknown) => console.warn('Could not update the right-click menu', error));
}

/** The address a menu click is about: the link's target, or the page itself. */
function clickedAddress(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): string | undefined {
  if (info.menuItemId === MENU_REPORT_LINK) return info.linkUrl;
  if (info.menuItemId === MENU_REPORT_PAGE) return info.pageUrl ?? tab?.url;
  return undefined;
}

/** Call once, synchronously, when the worker starts: MV3 only wakes a worker for listeners added in its first turn. */
export function registerContextMenu(): void {
  if (!hasContextMenus()) return;
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_REPORT_TABS) return void reportTabsFromMenu(tab?.windowId);
    if (info.menuItemId === MENU_OPEN_BESIDE) return void openBesideTab(tab);
    if (info.menuItemId !== MENU_REPORT_PAGE && info.menuItemId !== MENU_REPORT_LINK) return;
    void reportWithoutPopup(clickedAddress(info, tab));
  });
  // Chrome keeps menus across worker restarts but not reliably across updates:
  // rebuild them on install/update and whenever the worker starts.
  browser.runtime.onInstalled.addListener(() => void syncMenus());
  watchConnection(() => void syncMenus());
  afterStart(syncMenus);
}
