import type { Page } from 'puppeteer-core';

/** A verdict on limits as a page shows it (components/ui/LimitsVerdictLine.tsx). */
export interface ShownVerdict {
  state: 'within' | 'breaks';
  line: string;
  broken: string[];
}

/** Reads the first verdict inside `scope` on the page. */
export function shownVerdict(page: Page, scope = 'body'): Promise<ShownVerdict | null> {
  return page.evaluate((sel) => {
    const box = document.querySelector(`${sel} [data-limits]`);
    if (!box) return null;
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    return {
      state: box.getAttribute('data-limits') as 'within' | 'breaks',
      line: text(box.querySelector('.limits-verdict__line')).replace(/^[✓!]\s*/, ''),
      broken: [...box.querySelectorAll('.limits-verdict__broken li')].map(text),
    };
  }, scope);
}

/** Waits until the verdict inside `scope` reads `line`. */
export async function waitForVerdict(page: Page, line: string, scope = 'body', timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    (sel, want) => (document.querySelector(`${sel} .limits-verdict__line`)?.textContent ?? '').includes(want),
    { timeout, polling: 50 },
    scope,
    line,
  );
}

/** The options page's "Site limits" section, driven through its labels. */
export class SiteLimitsSection {
  constructor(readonly page: Page) {}

  private section(inner = '') {
    return `section[data-section="site-limits"] ${inner}`;
  }

  async emptyText(): Promise<string | null> {
    await this.page.waitForSelector(this.section('.limits-add'));
    return this.page.$eval(this.section(), (s) => s.querySelector('.limits-empty')?.textContent?.trim() ?? null);
  }

  /** Adds limits for a site as a user does: its name, then the editor's fields, then "Save limits". */
  async setLimits(project: string, { minScore, categories = [] }: { minScore?: number; categories?: string[] }): Promise<void> {
    await this.page.locator(this.section('::-p-aria([name="Site"][role="textbox"])')).fill(project);
    await this.page.locator(this.section('::-p-aria([name="Set limits for this site"][role="button"])')).click();
    const form = this.section(`form.limits-form[data-project="${project}"]`);
    await this.page.waitForSelector(form);
    if (minScore !== undefined) await this.page.locator(`${form} ::-p-aria([name="Minimum score"][role="textbox"])`).fill(String(minScore));
    for (const category of categories) await this.page.locator(`${form} ::-p-aria([name="${category}"][role="checkbox"])`).click();
    await this.page.locator(`${form} ::-p-aria([name="Save limits"][role="button"])`).click();
    await this.page.waitForSelector(this.section(`li[data-site="${project}"]`));
  }

  /** What the list says of a site's limits. */
  siteText(project: string): Promise<string> {
    return this.page.$eval(this.section(`li[data-site="${project}"] > span`), (span) => (span.textContent ?? '').replace(/\s+/g, ' ').trim());
  }

  /** The accepted findings as listed, each one line. */
  accepted(): Promise<string[]> {
    return this.page.$$eval(this.section('li[data-accepted-check] > span'), (items) =>
      items.map((span) => (span.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
  }
}

/** The report view's failed check `key`: accept it through its dialog, or read its mark. */
export class FindingAcceptance {
  constructor(
    readonly page: Page,
    readonly key: string,
  ) {}

  private check(inner = '') {
    return `li.check[data-check="${this.key}"] ${inner}`;
  }

  async openDialog(name: string): Promise<void> {
    await this.page.locator(this.check(`button[aria-label="Accept the failure of ${name}…"]`)).click();
    await this.page.waitForSelector('dialog[open]');
  }

  async cancelDialog(): Promise<void> {
    await this.page.locator('dialog[open] ::-p-aria([name="Cancel"][role="button"])').click();
    await this.page.waitForFunction(() => !document.querySelector('dialog[open]'), { polling: 50 });
  }

  /** Fills the open dialog and presses Accept. */
  async accept(reason: string, scope: 'page' | 'site' = 'page'): Promise<void> {
    if (scope === 'site') await this.page.locator('dialog[open] input[type="radio"]:not(:checked)').click();
    await this.page.locator('dialog[open] ::-p-aria([name="Reason"][role="textbox"])').fill(reason);
    await this.page.locator('dialog[open] ::-p-aria([name="Accept"][role="button"])').click();
    await this.page.waitForSelector(this.check('.accepted-mark'));
  }

  async mark(): Promise<string | null> {
    return this.page.evaluate((sel) => document.querySelector(sel)?.textContent?.replace(/\s+/g, ' ').trim() ?? null, this.check('.accepted-mark'));
  }

  /** What has the focus: its label (an input's, or aria-label), else its text. */
  focused(): Promise<string> {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : el?.getAttribute('aria-label');
      return (label ?? el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    });
  }
}
