import { browser, type Browser } from 'wxt/browser';
import { hasContextMenus } from '@/lib/shared/platform';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { readService, readServiceList, watchServices } from '@/lib/storage';
import type { Service } from '@/lib/protocol';
import { reportWithoutPopup } from '@/lib/background/toolbar/report-without-popup';
import { t } from '@/lib/shared/i18n';
import { reportTabsFromMenu } from '@/lib/background/toolbar/report-tabs';
import { openBesideTab } from '@/lib/background/toolbar/open-beside';
import { afterStart } from '@/lib/background/start-work';
import { tabAddress } from '@/lib/shared/page-address';

/**
 * "Report this page" and "Report this link" in the right-click menu, present
 * only while the extension is connected: a menu item that can only answer
 * "connect first" would be noise on every page. With several connected
 * services, each is a submenu: "Report this page on → A / B".
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

/** Between a report item's id and the id of the service it reports to. */
const SERVICE_SEPARATOR = '@';

/** One report item, or with several services a parent with one child per service. */
function reportItems(
  id: string,
  single: string,
  several: string,
  shown: Pick<Browser.contextMenus.CreateProperties, 'contexts' | 'documentUrlPatterns' | 'targetUrlPatterns'>,
  services: readonly Service[],
): Browser.contextMenus.CreateProperties[] {
  if (services.length < 2) return [{ id, title: single, ...shown }];
  return [
    { id, title: several, ...shown },
    ...services.map((service) => ({ id: `${id}${SERVICE_SEPARATOR}${service.id}`, parentId: id, title: service.name, ...shown })),
  ];
}

/** Worded when the menu is built, in the UI language. `services`: the connected ones. */
const menuItems = (services: readonly Service[]): Browser.contextMenus.CreateProperties[] => [
  ...reportItems(MENU_REPORT_PAGE, t('menuReportPage'), t('menuReportPageOn'), { contexts: ['page'], documentUrlPatterns: WEB_PAGES }, services),
  ...reportItems(MENU_REPORT_LINK, t('menuReportLink'), t('menuReportLinkOn'), { contexts: ['link'], targetUrlPatterns: WEB_PAGES }, services),
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
  const { services } = await readServiceList();
  const withKeys = await Promise.all(services.map((service) => readService(service.id)));
  const connected = services.filter((_, i) => Boolean(withKeys[i]?.apiKey));
  if (connected.length === 0) return;
  for (const item of menuItems(connected)) await create(item);
}

// Syncs run one after the other: two interleaved removeAll/create rounds would
// leave duplicates or nothing at all.
const menuQueue = createSerialQueue();

/** Brings the menu in line with the stored connection. Answers once it is. */
export function syncMenus(): Promise<void> {
  return menuQueue(applyMenus).catch((error: unknown) => console.warn('Could not update the right-click menu', error));
}

/** The report item a click was on, and the service its submenu named (none: the only one connected, or the default). */
function clickedItem(menuItemId: string | number): { item: string; service: string | null } {
  const [item = '', service] = String(menuItemId).split(SERVICE_SEPARATOR);
  return { item, service: service ?? null };
}

/** The address a menu click is about: the link's target, or the page itself. */
function clickedAddress(item: string, info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): string | undefined {
  if (item === MENU_REPORT_LINK) return info.linkUrl;
  if (item === MENU_REPORT_PAGE) return info.pageUrl || tabAddress(tab);
  return undefined;
}

/** With one connected service the single item reports to it, even when it is not the default. */
async function onlyConnected(): Promise<string | null> {
  const { services } = await readServiceList();
  const withKeys = await Promise.all(services.map((service) => readService(service.id)));
  const connected = withKeys.filter((found) => Boolean(found?.apiKey));
  return connected.length === 1 ? connected[0]!.service.id : null;
}

/** Call once, synchronously, when the worker starts: MV3 only wakes a worker for listeners added in its first turn. */
export function registerContextMenu(): void {
  if (!hasContextMenus()) return;
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_REPORT_TABS) return void reportTabsFromMenu(tab?.windowId);
    if (info.menuItemId === MENU_OPEN_BESIDE) return void openBesideTab(tab);
    const { item, service } = clickedItem(info.menuItemId);
    if (item !== MENU_REPORT_PAGE && item !== MENU_REPORT_LINK) return;
    void (async () => reportWithoutPopup(clickedAddress(item, info, tab), service ?? (await onlyConnected())))();
  });
  // Chrome keeps menus across worker restarts but not reliably across updates:
  // rebuild them on install/update and whenever the worker starts.
  browser.runtime.onInstalled.addListener(() => void syncMenus());
  watchServices(() => void syncMenus());
  afterStart(syncMenus);
}
