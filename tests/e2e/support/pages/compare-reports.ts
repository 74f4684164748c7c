import type { Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

/** One report of a comparison as its card shows it. */
export interface ShownSide {
  id: number;
  address: string;
  score: string;
  label: string;
}

/** A check whose findings differ, with the entries shown on each side. */
export interface ShownFindingChange {
  key: string;
  name: string;
  here: string[];
  there: string[];
}

export interface ShownComparison {
  here: ShownSide;
  there: ShownSide;
  delta: string;
  /** Check keys and names failing in the report shown only, and in the other only, top to bottom. */
  failingHere: { key: string; name: string }[];
  failingThere: { key: string; name: string }[];
  findings: ShownFindingChange[];
}

/**
 * "Compare with…" in the report view, driven as a user does: the button, the labelled list of
 * reports, Compare. Clicks go through element handles (Firefox throttles a locator's waits).
 * `section.report__compare[data-compare]` goes none → loading → ready (or failed).
 */
export class CompareReportsPanel extends PageObject {
  private async press(selector: string): Promise<void> {
    const element = await this.page.waitForSelector(selector, { timeout: 10_000 });
    await element!.click();
  }

  /** Opens the picker and waits until the search of other hosts has answered. */
  async openPicker(): Promise<void> {
    await this.press('section.report__compare button[aria-controls="compare-picker"]');
    await this.page.waitForSelector('#compare-picker:is([data-hosts="ready"], [data-hosts="failed"])', { timeout: 15_000 });
  }

  /** The reports offered, by group (`address` or `hosts`), with their words. */
  options(): Promise<{ group: string; id: number; text: string }[]> {
    return this.page.$$eval('#compare-with option', (options) =>
      options.map((o) => ({
        group: o.parentElement?.getAttribute('data-group') ?? '',
        id: Number(o.value),
        text: o.textContent?.trim() ?? '',
      })),
    );
  }

  /** What the picker says about each source: no other report, none on other hosts, or why it could not look. */
  messages(): Promise<Record<string, string>> {
    return this.page.$$eval('#compare-picker .compare__source', (ps) =>
      Object.fromEntries(ps.map((p) => [p.getAttribute('data-source') ?? '', p.textContent?.replace(/\s+/g, ' ').trim() ?? ''])),
    );
  }

  /** The name a screen reader gives the list of reports. */
  async pickerLabel(): Promise<string> {
    return this.page.$eval('#compare-with', (select) => (select as HTMLSelectElement).labels?.[0]?.textContent?.trim() ?? '');
  }

  /** Chooses a report and presses Compare, then waits for the comparison. */
  async compareWith(id: number): Promise<void> {
    await this.page.select('#compare-with', String(id));
    await this.press('#compare-picker button[type="submit"]');
    await this.waitForComparison(id);
  }

  /** Waits until the comparison shows, with the report `id` when given (not the one shown before). */
  async waitForComparison(id?: number): Promise<void> {
    const other = id === undefined ? '' : `[data-there="${id}"]`;
    await this.page.waitForSelector(`section.report__compare[data-compare="ready"] .comparison${other}`, { timeout: 15_000 });
  }

  state(): Promise<string> {
    return this.page.$eval('section.report__compare', (s) => s.getAttribute('data-compare') ?? '');
  }

  async shown(): Promise<ShownComparison> {
    return this.page.$eval('section.report__compare .comparison', (root) => {
      const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
      const side = (which: string) => {
        const card = root.querySelector(`.comparison__side[data-side="${which}"]`)!;
        return {
          id: Number(card.getAttribute('data-report')),
          address: squash(card.querySelector('.comparison__address')?.textContent),
          score: squash(card.querySelector('.score__value')?.lastChild?.textContent),
          label: squash(card.querySelector('.score__label')?.textContent),
        };
      };
      const checks = (which: string) =>
        [...root.querySelectorAll(`[data-compare="${which}"] li[data-check]`)].map((li) => ({
          key: li.getAttribute('data-check') ?? '',
          name: squash(li.textContent),
        }));
      const entries = (dd: Element | null | undefined) => [...(dd?.querySelectorAll('li') ?? [])].map((li) => squash(li.textContent));
      return {
        here: side('here'),
        there: side('there'),
        delta: squash(root.querySelector('.comparison__delta')?.textContent),
        failingHere: checks('broken'),
        failingThere: checks('fixed'),
        findings: [...root.querySelectorAll('.comparison__findings > li')].map((li) => {
          const dds = li.querySelectorAll('dd');
          return {
            key: li.getAttribute('data-check') ?? '',
            name: squash(li.querySelector('strong')?.textContent),
            here: entries(dds[0]),
            there: entries(dds[1]),
          };
        }),
      };
    });
  }

  async copyMarkdown(): Promise<string> {
    await this.press('.comparison__actions button');
    await this.page.waitForFunction(() => document.querySelector('.report__compare .report__outcome')?.textContent?.trim() !== '', {
      timeout: 10_000,
    });
    return this.page.$eval('.report__compare .report__outcome', (p) => p.textContent?.trim() ?? '');
  }

  async closeComparison(): Promise<void> {
    await this.press('section.report__compare .compare__buttons .button--link');
    await this.page.waitForSelector('section.report__compare[data-compare="none"]');
  }

  static on(page: Page): CompareReportsPanel {
    return new CompareReportsPanel(page);
  }
}
