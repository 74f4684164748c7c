import type { Page } from 'puppeteer-core';

export interface PopupOptions {
  /**
   * Check that the popup sees `page`'s address (default). Turn off for pages whose
   * address the browser hides from extensions even after a click (about:blank, data:, chrome:).
   */
  checkAddress?: boolean;
}

/**
 * What the page objects (support/pages) ask of a browser with the extension installed. Chromium
 * (support/browser.ts) and Firefox (tests/e2e-firefox/support/firefox.ts) each provide it, so the
 * same page objects drive both: they speak puppeteer to the page, and this to the browser around it.
 */
export interface ExtensionPages {
  /** One of the extension's pages in a new selected tab, e.g. `openPage('/options.html')`. */
  openPage(path: string): Promise<Page>;
  openOptions(): Promise<Page>;
  /** The toolbar popup over `page`'s tab, activeTab granted as by a click on the icon. */
  openPopupOn(page: Page, options?: PopupOptions): Promise<Page>;
  /** Closes any popup still open: a click on the icon would close it instead of opening a new one. */
  closePopups(): Promise<void>;
  /** Runs `action` and resolves with the extension page at `path` (e.g. `/options.html`) it opened in a new tab. */
  pageOpenedBy(path: string, action: () => Promise<void>): Promise<Page>;
  /** Answers the browser's own permission prompt that a click on `page` opened. */
  grantPermissionPrompt(page: Page): Promise<void>;
  denyPermissionPrompt(page: Page): Promise<void>;
  /** Saves test-artifacts/screenshots/<name>.png and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
}
