import type { Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

/** One check as the report view shows it. */
export interface ShownCheck {
  key: string;
  name: string;
  passed: boolean;
  importance: string;
  /** The words of its finding, whitespace squashed. */
  finding: string;
}

/** A category and its checks, top to bottom. */
export interface ShownCategory {
  name: string;
  count: string;
  checks: ShownCheck[];
}

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * The report view (report.html?id=N), driven as a user does: buttons by their
 * words, checks by what they show. `main.report[data-state]` goes loading →
 * (cached →) ready.
 */
export class ReportViewPage extends PageObject {
  /** Waits until the view shows the service's own answer (not only the copy kept from before). */
  async waitForReady(timeout = 15_000): Promise<void> {
    await this.page.waitForSelector('main.report[data-state="ready"]', { timeout });
  }

  state(): Promise<string> {
    return this.page.$eval('main.report', (main) => main.getAttribute('data-state') ?? '');
  }

  address(): Promise<string> {
    return this.text('.report__address');
  }

  async tally(): Promise<{ failed: number; total: number; text: string }> {
    return this.page.$eval('.report__tally', (p) => ({
      failed: Number(p.getAttribute('data-failed')),
      total: Number(p.getAttribute('data-total')),
      text: p.textContent?.trim() ?? '',
    }));
  }

  async categories(): Promise<ShownCategory[]> {
    const raw = await this.page.$$eval('section.category', (sections) =>
      sections.map((section) => ({
        name: section.querySelector('.category__name')?.firstChild?.textContent ?? '',
        count: section.querySelector('.category__count')?.textContent ?? '',
        checks: [...section.querySelectorAll('li.check')].map((li) => ({
          key: li.getAttribute('data-check') ?? '',
          name: li.querySelector('.check__name')?.firstChild?.textContent ?? '',
          passed: li.getAttribute('data-passed') === 'true',
          importance: li.querySelector('.check__importance')?.textContent ?? '',
          finding: li.querySelector('.finding')?.textContent ?? '',
        })),
      })),
    );
    return raw.map((c) => ({
      name: squash(c.name),
      count: squash(c.count),
      checks: c.checks.map((check) => ({ ...check, name: squash(check.name), finding: squash(check.finding) })),
    }));
  }

  async check(key: string): Promise<ShownCheck> {
    const found = (await this.categories()).flatMap((c) => c.checks).find((c) => c.key === key);
    if (!found) throw new Error(`The report view shows no check ${key}`);
    return found;
  }

  /** The items a check's finding lists (the first ten until "more" is pressed). */
  findingItems(key: string): Promise<string[]> {
    return this.page.$$eval(`li.check[data-check="${key}"] .finding li`, (items) =>
      items.map((li) => li.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    );
  }

  private onPageButton(key: string): string {
    return `li.check[data-check="${key}"] .check__on-page button`;
  }

  /** Scrolls the check's "Show on page" into view, as a user does, and presses it. */
  async pressShowOnPage(key: string): Promise<void> {
    const selector = this.onPageButton(key);
    await this.page.$eval(selector, (button) => button.scrollIntoView({ block: 'center' }));
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await this.page.click(selector);
  }

  /** Presses the check's "Show on page" and waits until it has done what it does (outlined, removed, or said why not). */
  async toggleShowOnPage(key: string): Promise<void> {
    const before = await this.onPageState(key);
    await this.pressShowOnPage(key);
    await this.page.waitForFunction(
      (sel: string, was: string) => {
        const button = document.querySelector(sel);
        const status = button?.parentElement?.querySelector('[role="status"]')?.textContent ?? '';
        const now = `${button?.getAttribute('aria-pressed')}|${status}`;
        return button?.getAttribute('aria-disabled') !== 'true' && now !== was;
      },
      { timeout: 10_000, polling: 50 },
      this.onPageButton(key),
      `${before.pressed}|${before.status}`,
    );
  }

  async onPageState(key: string): Promise<{ pressed: boolean; status: string }> {
    return this.page.$eval(this.onPageButton(key), (button) => ({
      pressed: button.getAttribute('aria-pressed') === 'true',
      status: button.parentElement?.querySelector('[role="status"]')?.textContent?.trim() ?? '',
    }));
  }

  async waitForNotPressed(key: string, timeout = 10_000): Promise<void> {
    await this.page.waitForFunction(
      (sel: string) => document.querySelector(sel)?.getAttribute('aria-pressed') === 'false',
      { timeout, polling: 50 },
      this.onPageButton(key),
    );
  }

  /** "What changed": since when, the lists of checks now passing and now failing. */
  async whatChanged(): Promise<{ since: string; fixed: string; broken: string }> {
    return this.page.$eval('.report__changes', (section) => ({
      since: section.querySelector('.changes__since')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      fixed: section.querySelector('[data-changes="fixed"]')?.textContent?.trim() ?? '',
      broken: section.querySelector('[data-changes="broken"]')?.textContent?.trim() ?? '',
    }));
  }

  /** The scores the chart draws, oldest first, as its table for screen readers says them. */
  historyRows(): Promise<string[]> {
    return this.page.$$eval('.history table tbody tr', (rows) => rows.map((tr) => tr.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
  }

  async showOnly(show: 'All checks' | 'Failed only'): Promise<void> {
    await this.page.click(`::-p-aria([name="${show}"][role="radio"])`);
  }

  async importance(value: 'all' | 'high' | 'medium' | 'low'): Promise<void> {
    await this.page.select('#filter-importance', value);
  }

  async clickAction(words: string): Promise<void> {
    await this.page.click(`.report__buttons ::-p-text(${words})`);
  }

  outcome(): Promise<string> {
    return this.page.$eval('.report__outcome', (p) => p.textContent?.trim() ?? '');
  }

  static async opened(page: Page): Promise<ReportViewPage> {
    const view = new ReportViewPage(page);
    await view.waitForReady();
    return view;
  }
}
