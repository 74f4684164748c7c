import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from 'wxt/browser';

/**
 * The tab in front of the user in the panel's window, followed as the user switches tabs or the tab
 * navigates. The browser names the tab to every extension; its address only where the extension may
 * act: activeTab (the click, key or menu item that opened the panel granted it for that tab), a site
 * permission, or the optional `tabs` permission the user may grant from the panel.
 */
export type FrontTab =
  | { state: 'finding' }
  /** No tab at all (the window is closing). */
  | { state: 'none' }
  /** A tab whose address the extension may not read. */
  | { state: 'hidden'; tabId: number }
  | { state: 'page'; tabId: number; url: string };

export function frontTabOf(tab: Browser.tabs.Tab | undefined): FrontTab {
  if (tab?.id === undefined) return { state: 'none' };
  return tab.url ? { state: 'page', tabId: tab.id, url: tab.url } : { state: 'hidden', tabId: tab.id };
}

/** Whether a tab's update changes what the panel shows: a new address, or the page done loading. */
export function changesFront(front: FrontTab, tabId: number, change: Browser.tabs.OnUpdatedInfo): boolean {
  if (front.state !== 'page' && front.state !== 'hidden') return false;
  if (front.tabId !== tabId) return false;
  return change.url !== undefined || change.status === 'complete';
}

/** `windowId`: the panel's window, once known. */
export function useFrontTab(): { front: FrontTab; reread: () => void; windowId: number | null } {
  const [front, setFront] = useState<FrontTab>({ state: 'finding' });
  const [windowId, setWindowId] = useState<number | null>(null);

  const reread = useCallback(() => {
    if (windowId === null) return;
    void browser.tabs.query({ active: true, windowId }).then(
      ([tab]) =>
        setFront((now) => {
          const next = frontTabOf(tab);
          return JSON.stringify(now) === JSON.stringify(next) ? now : next;
        }),
      () => setFront({ state: 'none' }),
    );
  }, [windowId]);

  useEffect(() => {
    void browser.windows.getCurrent().then(
      (window) => setWindowId(window.id ?? null),
      () => setFront({ state: 'none' }),
    );
  }, []);

  useEffect(() => {
    if (windowId === null) return;
    reread();
    const activated = (info: Browser.tabs.OnActivatedInfo) => info.windowId === windowId && reread();
    const updated = (tabId: number, change: Browser.tabs.OnUpdatedInfo) => {
      setFront((now) => {
        if (changesFront(now, tabId, change)) reread();
        return now;
      });
    };
    browser.tabs.onActivated.addListener(activated);
    browser.tabs.onUpdated.addListener(updated);
    // A permission granted (tabs, or a site's) may show an address hidden until now.
    browser.permissions.onAdded.addListener(reread);
    return () => {
      browser.tabs.onActivated.removeListener(activated);
      browser.tabs.onUpdated.removeListener(updated);
      browser.permissions.onAdded.removeListener(reread);
    };
  }, [windowId, reread]);

  return { front, reread, windowId };
}
