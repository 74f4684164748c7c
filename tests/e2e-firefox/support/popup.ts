import type { Page } from 'puppeteer-core';
import type { PopupOptions } from '../../e2e/support/extension-pages.ts';
import type { ChromeScope } from './chrome-scope.ts';
import type { ExtensionTabs } from './extension-tabs.ts';
import { clickToolbarButton, closeToolbarPopup, waitForToolbarPopup } from './toolbar.ts';

export interface PopupHarness {
  chrome: ChromeScope;
  id: string;
  origin: string;
  tabs: ExtensionTabs;
  /** An extension page to reach the toolbar popup from; `openHost` only if one is open already. */
  host(): Promise<Page>;
  openHost(): Page | null;
}

/**
 * The toolbar popup over `tab`. Its button is clicked for real (the popup opens in the toolbar
 * panel, with activeTab on the tab, and must show the tab's address); BiDi cannot drive a
 * panel, so the popup is then closed and its page opened again in a tab behind `tab`, where
 * the page objects drive it: `tabs.query({ active: true })` there still answers `tab`.
 */
export async function openPopupOn(harness: PopupHarness, tab: Page, { checkAddress = true }: PopupOptions = {}): Promise<Page> {
  await closePopups(harness);
  const host = await harness.host();
  await tab.bringToFront();
  await clickToolbarButton(harness.chrome, harness.id);
  const shown = await waitForToolbarPopup(host, 'the page it opened over', (view) => ['ready', 'unsupported', 'failed'].includes(view.state));
  if (checkAddress && shown.address !== tab.url()) {
    throw new Error(`The toolbar popup opened over ${shown.address || 'a tab it cannot see'}, not ${tab.url()}`);
  }
  await closeToolbarPopup(host);
  const popup = await harness.tabs.open(`${harness.origin}/popup.html`, false);
  const active = await popup.evaluate(async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.url);
  if (checkAddress && active !== tab.url()) throw new Error(`The popup's page sees ${active ?? 'no tab'} in front, not ${tab.url()}`);
  return popup;
}

/** Closes the toolbar popup and the popup pages opened in tabs. */
export async function closePopups(harness: PopupHarness): Promise<void> {
  const host = harness.openHost();
  if (host) await closeToolbarPopup(host);
  await harness.chrome.run((c, popupUrl) => {
    for (const tab of c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === popupUrl)) c.gBrowser.removeTab(tab);
  }, `${harness.origin}/popup.html`);
}
