import { browser, type Browser } from 'wxt/browser';
import { checkReportable } from '@/lib/shared/page-address';
import { cacheKey } from '@/lib/background/toolbar/badge-cache';
import { EMPTY_LOOK, type BadgeLook } from '@/lib/background/toolbar/badge-paint';

/** The tabs side of the badge: which tabs may be looked up, and painting their badges. */

/** The reportable address of a tab the badge may look up: never an incognito tab. */
export function tabAddress(tab: Browser.tabs.Tab | undefined): string | null {
  if (!tab || tab.incognito || tab.id === undefined) return null;
  const reportable = checkReportable(tab.url);
  return reportable.ok ? reportable.url : null;
}

export async function currentAddress(tabId: number): Promise<string | null> {
  return tabAddress(await browser.tabs.get(tabId).catch(() => undefined));
}

export async function paint(tabId: number, look: BadgeLook): Promise<void> {
  // The tab may have closed meanwhile; the browser then refuses, and there is nothing left to paint.
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: look.text }),
    browser.action.setBadgeBackgroundColor({ tabId, color: look.color }),
  ]).catch(() => undefined);
}

/** Tabs (never incognito ones) open on the same address as `url`. */
export async function tabsShowing(url: string): Promise<number[]> {
  const key = cacheKey(url);
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((tab) => {
    const address = tabAddress(tab);
    return address && tab.id !== undefined && cacheKey(address) === key ? [tab.id] : [];
  });
}

export async function clearAllBadges(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : paint(tab.id, EMPTY_LOOK))));
}
