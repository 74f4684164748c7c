import type { Browser, Page, Target } from 'puppeteer-core';
import type { PopupOptions } from './extension-pages.ts';

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

/** Closes the popups still open, as a click elsewhere would. */
export async function closePopups(chromium: Browser, extensionId: string): Promise<void> {
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  for (const target of chromium.targets().filter((t) => t.type() === 'page' && t.url().startsWith(popupUrl))) {
    await (await target.asPage()).close();
  }
}

/** Runs `action` and resolves with the extension's page at `path` that it opened. */
export async function pageOpenedBy(chromium: Browser, extensionId: string, path: string, action: () => Promise<void>): Promise<Page> {
  const url = `chrome-extension://${extensionId}${path}`;
  const opened = chromium.waitForTarget((t) => t.type() === 'page' && t.url() === url, { timeout: 10_000 });
  await action();
  return (await opened).asPage();
}
