import type { Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

/** A watch as the options page's watches section shows it. */
export interface ShownWatch {
  address: string;
  verdict: string;
  score: string;
  last: string;
  failures: string[];
}

/** The options page's "Watched pages" section: the list, Check now, the alert settings and the webhook. */
export class WatchesSection extends PageObject {
  constructor(page: Page) {
    super(page);
  }

  async waitForList(): Promise<void> {
    await this.page.waitForSelector('#watches .watches__row', { timeout: 15_000 });
  }

  watches(): Promise<ShownWatch[]> {
    return this.page.$$eval('#watches .watches__row', (rows) =>
      rows.map((row) => ({
        address: row.querySelector('.watches__address')?.textContent?.trim() ?? '',
        verdict: row.getAttribute('data-verdict') ?? '',
        score: row.querySelector('.watches__score')?.textContent?.trim() ?? '',
        last: row.querySelector('.watches__last time')?.getAttribute('datetime') ?? '',
        failures: [...row.querySelectorAll('.watches__failure')].map((p) => p.textContent?.trim() ?? ''),
      })),
    );
  }

  /** Clicks "Check now" on the watch of `address`, by the button's accessible name. */
  async checkNow(address: string): Promise<void> {
    await this.click(`::-p-aria(Check ${address} now[role="button"])`);
  }

  async setWebhook(url: string, kind: 'slack' | 'discord' | 'ntfy' | 'json'): Promise<void> {
    await this.fill('::-p-aria(Webhook address)', url);
    await this.page.select('#watches .watches__webhook-kind', kind);
    await this.click('::-p-aria(Save the webhook[role="button"])');
    await this.waitForText('Saved.', '#watches .watches__webhook');
  }

  async sendTest(): Promise<string> {
    await this.click('::-p-aria(Send a test[role="button"])');
    await this.page.waitForSelector('#watches .watches__webhook .notice', { timeout: 40_000 });
    return this.text('#watches .watches__webhook .notice');
  }
}
