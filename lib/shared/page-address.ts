import type { Browser } from 'wxt/browser';
import type { PopupTab } from '@/lib/protocol';
import { t, type PlainKey } from '@/lib/shared/i18n';
/**
 * What the popup and the context menu may report, and the form in which the
 * service stores an address, with the one key addresses are compared by.
 * Kept free of zod and of the API client so the popup bundle stays small.
 */

export type Reportability = { ok: true; url: string } | { ok: false; reason: string };

/** The longest address the service takes (its `url` field, the whole address as sent). */
export const MAX_PAGE_ADDRESS = 2048;

// Store pages: browsers forbid extensions to touch them, and the audit of
// a store listing says nothing about the user's own site.
const STORE_HOSTS = ['chromewebstore.google.com', 'addons.mozilla.org', 'microsoftedge.microsoft.com'];

const SCHEME_REASONS = {
  'chrome:': 'pageBrowserOwn',
  'about:': 'pageBrowserOwn',
  'edge:': 'pageBrowserOwn',
  'file:': 'pageFile',
  'data:': 'pageNoWebAddress',
  'blob:': 'pageNoWebAddress',
  'view-source:': 'pageSourceView',
  'chrome-extension:': 'pageExtension',
  'moz-extension:': 'pageExtension',
} as const satisfies Record<string, PlainKey>;

export function checkReportable(address: string | undefined | null): Reportability {
  if (!address) return { ok: false, reason: t('pageNoneYet') };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: t('pageNoneYet') };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: t(SCHEME_REASONS[url.protocol as keyof typeof SCHEME_REASONS] ?? 'pageNotWeb'),
    };
  }
  const host = url.hostname.toLowerCase();
  if (STORE_HOSTS.includes(host) || (host === 'chrome.google.com' && url.pathname.startsWith('/webstore'))) {
    return { ok: false, reason: t('pageStore') };
  }
  url.hash = '';
  if (url.href.length > MAX_PAGE_ADDRESS) return { ok: false, reason: t('pageAddressTooLong') };
  return { ok: true, url: url.href };
}

/** The address as the service stores it: no scheme, no `www.`, no trailing slash on a bare host, no fragment. */
export function storedAddress(address: string): string {
  const url = new URL(address);
  const host = url.host.replace(/^www\./i, '').toLowerCase();
  const path = url.pathname === '/' && !url.search ? '' : url.pathname + url.search;
  return host + path;
}

/** The key of a stored address: trailing slash and case are no difference to the service. */
function storedKey(stored: string): string {
  return stored.replace(/\/+$/, '').toLowerCase();
}

/**
 * The one key of a page: every way of writing its address that the service stores alike
 * (scheme, `www.`, trailing slash, case) gives the same key.
 */
export function pageKey(url: string): string {
  return storedKey(storedAddress(url));
}

/** Whether two page addresses are one page to the service. */
export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
}

/** Whether two stored addresses (as reports carry them) are one page. */
export function sameStoredAddress(a: string, b: string): boolean {
  return storedKey(a) === storedKey(b);
}

/** A stored address's host (port kept) and the rest: `staging.example.com:8080/blog` → `staging.example.com:8080` and `/blog`. */
export function storedHostAndPath(stored: string): { host: string; path: string } {
  const cut = stored.search(/[/?#]/);
  return cut < 0 ? { host: stored.toLowerCase(), path: '' } : { host: stored.slice(0, cut).toLowerCase(), path: stored.slice(cut) };
}

/** Whether two stored addresses name one path on two different hosts (staging and production). */
export function samePathOtherHost(a: string, b: string): boolean {
  const one = storedHostAndPath(a);
  const two = storedHostAndPath(b);
  return one.host !== two.host && storedKey(one.path) === storedKey(two.path);
}

/** Whether a report's stored address is the page at `pageUrl`. */
export function isStoredAddressOf(stored: string, pageUrl: string): boolean {
  return storedKey(stored) === pageKey(pageUrl);
}

/** A tab's address: a tab still loading its first page has only the pending one (Chrome's `pendingUrl`). */
export function tabAddress(tab: Browser.tabs.Tab | undefined): string | undefined {
  return tab?.url || tab?.pendingUrl || undefined;
}

/** A tab as the popup opens over it: its id, and its address. */
export function popupTab(tab: Browser.tabs.Tab | undefined): PopupTab {
  const url = tabAddress(tab);
  return { found: Boolean(tab), ...(tab?.id !== undefined ? { id: tab.id } : {}), ...(url ? { url } : {}), windowId: tab?.windowId };
}
