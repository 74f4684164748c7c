import { browser, type Browser } from 'wxt/browser';
import { isStoredAddressOf } from '@/lib/shared/page-address';

/**
 * The tab "Show on page" works in: the tab whose page the report is of. The
 * extension sees a tab's address only where it may act (activeTab, granted
 * by a click on its button in that tab, or a host permission), so a tab it
 * cannot see asks for the site's permission, in the user's click.
 */

export type PageTab =
  /** A tab shows the report's page, and the extension may act in it. */
  | { state: 'ready'; tabId: number }
  /** The extension cannot see the tab (or any tab) of that site: `origins` is what to ask for. */
  | { state: 'ask'; origins: string[]; host: string }
  /** The extension sees the site's tabs, and none shows the page. */
  | { state: 'no-tab' }
  /** The report's own address cannot be turned into a site to ask for. */
  | { state: 'unknown' };

/** The site of a stored address (`127.0.0.1:8080/page`) as match patterns, http and https; ports cannot be named in one. */
export function siteOrigins(stored: string): { host: string; origins: string[] } | null {
  const host = stored.split(/[/?#]/)[0] ?? '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  if (!/^[a-z0-9.-]+$/i.test(name) && !/^\[[0-9a-f:]+\]$/i.test(name)) return null;
  return { host: name.toLowerCase(), origins: [`http://${name}/*`, `https://${name}/*`] };
}

const showsPage = (tab: Browser.tabs.Tab, stored: string) => tab.id !== undefined && Boolean(tab.url) && isStoredAddressOf(stored, tab.url!);

/**
 * Finds the tab that shows the report's page: the one it was opened from
 * first, else the most recently used one the extension can see.
 */
export async function findPageTab(stored: string, hintTabId?: number): Promise<PageTab> {
  if (hintTabId !== undefined) {
    const hinted = await browser.tabs.get(hintTabId).catch(() => null);
    if (hinted && showsPage(hinted, stored)) return { state: 'ready', tabId: hintTabId };
  }
  const tabs = (await browser.tabs.query({})).filter((tab) => showsPage(tab, stored));
  tabs.sort((a, b) => Number(b.active) - Number(a.active) || (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  if (tabs[0]?.id !== undefined) return { state: 'ready', tabId: tabs[0].id };
  const site = siteOrigins(stored);
  if (!site) return { state: 'unknown' };
  const held = await heldOrigins(site.origins);
  const missing = site.origins.filter((origin) => !held.includes(origin));
  return missing.length > 0 ? { state: 'ask', origins: missing, host: site.host } : { state: 'no-tab' };
}

/**
 * Which of `origins` the extension holds now, each on its own (https may be held without http).
 * Every check is sent before this returns, so a `permissions.request` made next is answered after them.
 */
export async function heldOrigins(origins: string[]): Promise<string[]> {
  const held = await Promise.all(origins.map((origin) => browser.permissions.contains({ origins: [origin] }).catch(() => false)));
  return origins.filter((_, i) => held[i]);
}
