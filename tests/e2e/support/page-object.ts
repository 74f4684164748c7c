import type { Page } from 'puppeteer-core';

/**
 * Base of the page objects (popup, options): tests speak in the user's actions
 * (`popup.createReport({ privacy: 'password' })`), subclasses in selectors, this in puppeteer.
 * Selectors may use puppeteer's `::-p-text(Save)` and `::-p-aria(Save[role="button"])`.
 */
export abstract class PageObject {
  constructor(readonly page: Page) {}

  protected async click(selector: string): Promise<void> {
    await this.page.locator(selector).click();
  }

  /** Replaces the field's value, typing it as a user would (input events fire). */
  protected async fill(selector: string, value: string): Promise<void> {
    await this.page.locator(selector).fill(value);
  }

  protected async text(selector: string): Promise<string> {
    return this.page
      .locator(selector)
      .map((node) => node.textContent?.trim() ?? '')
      .wait();
  }

  /** Waits until the page (or `selector`) shows `text`. */
  async waitForText(text: string, selector = 'body', timeout = 10_000): Promise<void> {
    await this.page.waitForFunction(
      (sel, expected) => document.querySelector(sel)?.textContent?.includes(expected) ?? false,
      { timeout, polling: 50 },
      selector,
      text,
    );
  }

  isDark(): Promise<boolean> {
    return this.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  }

  /** Switches the colour scheme of this page only, after it loaded (the launch option covers first paint). */
  async useColorScheme(scheme: 'light' | 'dark'): Promise<void> {
    await this.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  }

  /**
   * Where the page's style rules come from: the element of each sheet applied, in order, and whether each
   * stylesheet link is disabled. A page whose rules the build writes in (stylesInline, wxt.config.ts)
   * applies only its <style> elements, its links all disabled, even after a later screen has loaded.
   */
  styleSources(): Promise<{ applied: string[]; linksDisabled: boolean[] }> {
    return this.page.evaluate(() => ({
      applied: [...document.styleSheets].map((sheet) => sheet.ownerNode?.nodeName ?? ''),
      linksDisabled: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.disabled),
    }));
  }

  /** Loads the page again and waits for the new document. */
  reload(): Promise<void> {
    return reloadPage(this.page);
  }

  async close(): Promise<void> {
    if (!this.page.isClosed()) await this.page.close();
  }
}

/**
 * Loads `page` again and waits for the new document. Not `page.reload()`: over WebDriver BiDi,
 * Firefox reloads a moz-extension:// page but never reports the end of it, and puppeteer waits on.
 */
export async function reloadPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Reflect.set(window, '__reloading', true);
    location.reload();
  });
  await page.waitForFunction(() => !Reflect.has(window, '__reloading') && document.readyState === 'complete', { polling: 50, timeout: 10_000 });
}
