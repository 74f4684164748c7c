import type { Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

/** What the planner shows once the sitemaps are read. */
export interface ShownPlan {
  found: string;
  notes: string[];
  counts: string;
  quota: string;
  chosen: string[];
}

/**
 * The sitemap planner (`plan.html?origin=…`), driven as a user would: read the sitemaps (the
 * click asks for the site), narrow the choice, start, confirm past the quota. Clicks go through
 * element handles: Firefox throttles a tab in the background, and locators wait on its frames.
 */
export class SitemapPlannerPage extends PageObject {
  static path(origin: string): string {
    return `/plan.html?origin=${encodeURIComponent(origin)}`;
  }

  /** Waits until the read button is live (the planner knows whether the site was granted before). */
  async waitForIdle(timeout = 10_000): Promise<void> {
    await this.page.waitForSelector('.sitemap[data-phase="idle"] button[aria-disabled="false"]', { timeout });
  }

  private async press(selector: string): Promise<void> {
    const button = await this.page.waitForSelector(selector, { timeout: 10_000 });
    if (!button) throw new Error(`No ${selector} on the planner`);
    await button.click();
  }

  /** Clicks "Read the sitemaps of …"; the permission prompt, if any, is the caller's to answer. */
  async clickRead(): Promise<void> {
    await this.press('.sitemap button.button--primary');
  }

  /** Waits until reading ends; resolves with the phase it ended in. */
  async settled(timeout = 60_000): Promise<'ready' | 'failed'> {
    const handle = await this.page.waitForSelector('.sitemap[data-phase="ready"], .sitemap[data-phase="failed"]', { timeout });
    return (await handle!.evaluate((node) => node.getAttribute('data-phase'))) as 'ready' | 'failed';
  }

  error(): Promise<string> {
    return this.text('.sitemap .notice--error .notice__message');
  }

  async plan(): Promise<ShownPlan> {
    return this.page.evaluate(() => {
      const text = (selector: string) => document.querySelector(selector)?.textContent?.trim() ?? '';
      return {
        found: text('.sitemap__found'),
        notes: [...document.querySelectorAll('.sitemap__notes li')].map((li) => li.textContent?.trim() ?? ''),
        counts: text('.sitemap__counts'),
        quota: text('.sitemap__quota'),
        chosen: [...document.querySelectorAll('.sitemap__chosen li:not(.muted)')].map((li) => li.textContent?.trim() ?? ''),
      };
    });
  }

  async setPrefix(prefix: string): Promise<void> {
    await this.fill('#sitemap-prefix', prefix);
  }

  async setStaleDays(days: number): Promise<void> {
    await this.fill('#sitemap-stale', String(days));
  }

  async setOnePerTemplate(on: boolean): Promise<void> {
    const box = await this.page.waitForSelector('.sitemap .check input[type="checkbox"]');
    if ((await box!.evaluate((input) => (input as HTMLInputElement).checked)) !== on) await box!.click();
  }

  async choosePrivacy(privacy: 'Public' | 'Private'): Promise<void> {
    await this.press(`.sitemap__privacy label ::-p-text(${privacy})`);
  }

  async clickStart(): Promise<void> {
    await this.press('.sitemap__start');
  }

  /** The quota warning of the confirm step, or null when none shows. */
  async quotaWarning(): Promise<string | null> {
    const notice = await this.page.$('.sitemap .notice--warning .notice__message');
    return notice ? notice.evaluate((node) => node.textContent ?? '') : null;
  }

  async confirmStart(): Promise<void> {
    await this.press('.sitemap .notice--warning ::-p-text(Report them anyway)');
  }

  async cancelStart(): Promise<void> {
    await this.press('.sitemap .notice--warning ::-p-text(Cancel)');
  }

  /** The words shown once a run was started (or refused). */
  async outcome(timeout = 10_000): Promise<string> {
    const notice = await this.page.waitForSelector('.sitemap > .notice:last-child .notice__message', { timeout });
    return notice!.evaluate((node) => node.textContent ?? '');
  }

  constructor(page: Page) {
    super(page);
  }
}
