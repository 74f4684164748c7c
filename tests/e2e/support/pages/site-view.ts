import type { Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

/** One failing check as the site view shows it. */
export interface ShownFailing {
  key: string;
  pages: number;
  importance: string;
}

/**
 * The site view (site.html?project=…), read through what it shows: `main.site[data-state]`
 * goes loading → ready, `data-phase` reading → done (or cancelled, failed).
 */
export class SiteViewPage extends PageObject {
  static at(page: Page): SiteViewPage {
    return new SiteViewPage(page);
  }

  /**
   * Notes, from the page's own start, when a failing check is first drawn and when all is read;
   * call before the page loads the view. Answers a function that reads them.
   */
  async markTimes(): Promise<() => Promise<{ failingDrawn: number | null; done: number | null }>> {
    await this.page.evaluateOnNewDocument(() => {
      const marks: { failingDrawn: number | null; done: number | null } = { failingDrawn: null, done: null };
      Object.defineProperty(window, '__siteMarks', { value: marks });
      new MutationObserver(() => {
        // One time for the whole batch of changes: what one batch drew shows the same mark.
        const now = performance.now();
        if (marks.failingDrawn === null && document.querySelector('li.site-failing__check')) marks.failingDrawn = now;
        if (marks.done === null && document.querySelector('main.site[data-phase="done"]')) marks.done = now;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    return () => this.page.evaluate(() => (window as unknown as { __siteMarks: { failingDrawn: number | null; done: number | null } }).__siteMarks);
  }

  async waitForPhase(phase: 'reading' | 'done' | 'cancelled' | 'failed', timeout = 30_000): Promise<void> {
    await this.page.waitForFunction((p) => document.querySelector('main.site')?.getAttribute('data-phase') === p, { timeout, polling: 50 }, phase);
  }

  phase(): Promise<string> {
    return this.page.evaluate(() => document.querySelector('main.site')?.getAttribute('data-phase') ?? '');
  }

  /** The header's figures: pages, average (unrounded), reports read. */
  facts(): Promise<{ pages: number; average: number | null; reports: number; text: string }> {
    return this.page.evaluate(() => {
      const p = document.querySelector('.site__facts');
      const average = p?.getAttribute('data-average') ?? '';
      return {
        pages: Number(p?.getAttribute('data-pages')),
        average: average === '' ? null : Number(average),
        reports: Number(p?.getAttribute('data-reports')),
        text: p?.textContent?.trim() ?? '',
      };
    });
  }

  failing(): Promise<ShownFailing[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('li.site-failing__check')].map((li) => ({
        key: li.getAttribute('data-check') ?? '',
        pages: Number(li.getAttribute('data-pages')),
        importance: li.getAttribute('data-importance') ?? '',
      })),
    );
  }

  /** Opens a failing check and answers the addresses it lists. */
  async pagesOf(key: string): Promise<string[]> {
    return this.page.evaluate((k) => {
      const details = document.querySelector(`li.site-failing__check[data-check="${k}"] details`) as HTMLDetailsElement | null;
      if (!details) return [];
      details.open = true;
      return [...details.querySelectorAll('.site-failing__pages a')].map((a) => a.textContent?.trim() ?? '');
    }, key);
  }

  rows(): Promise<{ url: string; score: string; older: number; href: string }[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('.site-pages__table tbody tr')].map((tr) => ({
        url: tr.getAttribute('data-url') ?? '',
        score: tr.getAttribute('data-score') ?? '',
        older: Number(tr.getAttribute('data-older')),
        href: tr.querySelector('a')?.getAttribute('href') ?? '',
      })),
    );
  }

  distribution(): Promise<Record<string, number>> {
    return this.page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('.site-trend__distribution li')].map((li) => [
          li.getAttribute('data-label') ?? '',
          Number(li.getAttribute('data-count')),
        ]),
      ),
    );
  }

  trend(): Promise<{ unit: string; points: number }> {
    return this.page.evaluate(() => {
      const section = document.querySelector('section.site-trend');
      return { unit: section?.getAttribute('data-unit') ?? '', points: Number(section?.getAttribute('data-points')) };
    });
  }

  async sortBy(key: 'url' | 'score' | 'date'): Promise<void> {
    await this.page.evaluate((k) => (document.querySelector(`button.site-pages__sort[data-sort="${k}"]`) as HTMLButtonElement).click(), key);
  }

  async filterLabel(label: 'all' | 'good' | 'decent' | 'bad'): Promise<void> {
    await this.page.select('.site-pages__filter select', label);
  }

  async clickAction(action: 'cancel' | 'refresh' | 'copy-markdown' | 'download-csv'): Promise<void> {
    await this.page.waitForSelector(`.site__actions button[data-action="${action}"]`, { timeout: 10_000 });
    await this.page.evaluate((a) => (document.querySelector(`.site__actions button[data-action="${a}"]`) as HTMLButtonElement).click(), action);
  }

  waiting(): Promise<boolean> {
    return this.page.evaluate(() => document.querySelector('.site__wait[data-waiting="true"]') !== null);
  }
}
