import type { Browser, Page, Target } from 'puppeteer-core';

export interface PopupOptions {
  /**
   * Check that the popup sees `page`'s address (default). Turn off for pages whose
   * address Chromium hides from extensions even after a click (about:blank, data:, chrome:).
   */
  checkAddress?: boolean;
}

/**
 * Opens the real toolbar popup over `page`, as a click on the toolbar icon does
 * (CDP Extensions.triggerAction). Unlike `action.openPopup()` from the service worker,
 * this grants activeTab, so the popup sees the tab's url and title as it does for a user.
 */
export async function openPopupOn(chromium: Browser, extensionId: string, page: Page, { checkAddress = true }: PopupOptions = {}): Promise<Page> {
  const extension = (await chromium.extensions()).get(extensionId);
  if (!extension) throw new Error(`Extension ${extensionId} is not installed`);
  await page.bringToFront();
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  const opened = chromium.waitForTarget((target: Target) => target.type() === 'page' && target.url().startsWith(popupUrl), {
    timeout: 10_000,
  });
  await page.triggerExtensionAction(extension);
  const popup = await (await opened).asPage();
  await popup.waitForFunction(() => document.readyState === 'complete', { timeout: 10_000 });
  const activeTab = await popup.evaluate(async () => {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab?.url;
  });
  if (checkAddress && activeTab !== page.url()) {
    throw new Error(`The popup opened over ${activeTab ?? 'a tab it cannot see'}, not ${page.url()}`);
  }
  return popup;
}
