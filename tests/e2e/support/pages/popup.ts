import type { Page } from 'puppeteer-core';
import type { ExtensionPages } from '../extension-pages.ts';
import { PageObject } from '../page-object.ts';

export type PrivacyChoice = 'public' | 'private' | 'password';

const CHOICE_NAME: Record<PrivacyChoice, string> = { public: 'Public', private: 'Private', password: 'Password' };

/** A score badge as shown: the number, the word, and the report it links to. */
export interface ShownReport {
  id: number;
  score: number | null;
  label: string;
  privacy: string;
}

/** What `main[data-state]` settles on once the popup knows what it can do. */
type SettledState = 'ready' | 'unsupported' | 'failed';

/**
 * The real toolbar popup, driven through what a user sees: buttons and radios by their
 * names, the outcome by its words. The popup marks its phase on `main[data-state]`
 * (starting → loading → ready) and the report job on `main[data-job]`.
 */
export class PopupPage extends PageObject {
  constructor(
    page: Page,
    private readonly ext: ExtensionPages,
  ) {
    super(page);
  }

  /** The popup over `tab`, as a click on the toolbar icon opens it. */
  static async openOn(ext: ExtensionPages, tab: Page): Promise<PopupPage> {
    return new PopupPage(await ext.openPopupOn(tab), ext);
  }

  /**
   * The popup over a tab whose address the browser keeps from extensions (chrome://,
   * about:, data:): there is no address to check that it opened over the right tab.
   */
  static async openOnHiddenTab(ext: ExtensionPages, tab: Page): Promise<PopupPage> {
    return new PopupPage(await ext.openPopupOn(tab, { checkAddress: false }), ext);
  }

  /** Closes any popup still open: a click on the icon would close it instead of opening a new one. */
  static async closeAll(ext: ExtensionPages): Promise<void> {
    await ext.closePopups();
  }

  /** Waits until the popup stops loading; resolves with the phase it settled in. */
  async settled(timeout = 10_000): Promise<SettledState> {
    const handle = await this.page.waitForFunction(
      () => {
        const state = document.querySelector('main.popup')?.getAttribute('data-state');
        return state === 'ready' || state === 'unsupported' || state === 'failed' ? state : false;
      },
      { timeout, polling: 'mutation' },
    );
    return (await handle.jsonValue()) as SettledState;
  }

  /** Ready, with the page's reports listed (or told to be none). */
  async waitForReady(timeout = 10_000): Promise<void> {
    await this.page.waitForSelector('main.popup[data-state="ready"] section.page-reports', { timeout });
  }

  job(): Promise<string> {
    return this.page.$eval('main.popup', (main) => main.getAttribute('data-job') ?? '');
  }

  async waitForJob(states: string[], timeout = 20_000): Promise<string> {
    const handle = await this.page.waitForFunction(
      (wanted: string[]) => {
        const job = document.querySelector('main.popup')?.getAttribute('data-job') ?? '';
        return wanted.includes(job) ? job : false;
      },
      { timeout, polling: 'mutation' },
      states,
    );
    return (await handle.jsonValue()) as string;
  }

  /** The trimmed words of the first element matching `selector`, once it shows. */
  textOf(selector: string): Promise<string> {
    return this.text(selector);
  }

  address(): Promise<string> {
    return this.text('#page-address-value');
  }

  async choosePrivacy(privacy: PrivacyChoice): Promise<void> {
    await this.click(`::-p-aria([name="${CHOICE_NAME[privacy]}"][role="radio"])`);
  }

  checkedPrivacy(): Promise<string> {
    return this.page.$eval('input[name="privacy"]:checked', (input) => input.closest('label')?.textContent?.trim() ?? '');
  }

  async typePassword(password: string): Promise<void> {
    // Not by role: Chromium calls a password field a textbox, Firefox a "password text"; the Password radio shares its name.
    await this.fill('input[type="password"]::-p-aria(Password)', password);
  }

  async clickCreate(): Promise<void> {
    await this.click('::-p-aria([name="Create report"][role="button"])');
  }

  /** After a failure because the service is away: keep the report in the queue. Resolves once the popup shows it waiting. */
  async queueUntilBack(): Promise<void> {
    await this.click('::-p-aria([name="Report when the service is back"][role="button"])');
    await this.page.waitForSelector('[data-queued="true"]');
  }

  /** Chooses the privacy (and types the password), clicks Create report and waits for the outcome. */
  async createReport(options: { privacy: PrivacyChoice; password?: string; timeout?: number }): Promise<'done' | 'failed'> {
    await this.choosePrivacy(options.privacy);
    if (options.password !== undefined) await this.typePassword(options.password);
    await this.clickCreate();
    return (await this.waitForJob(['done', 'failed'], options.timeout)) as 'done' | 'failed';
  }

  /** The report just made, as the result panel shows it. */
  async result(): Promise<ShownReport & { heading: string }> {
    return this.page.$eval('section.result', (section) => {
      const link = section.querySelector<HTMLAnchorElement>('a[href*="report.html?id="]');
      const value = section.querySelector('.score__value')?.textContent?.replace(/\D+/g, '') ?? '';
      return {
        heading: section.querySelector('h2')?.textContent?.trim() ?? '',
        id: Number(link ? new URL(link.href).searchParams.get('id') : NaN),
        score: value === '' ? null : Number(value),
        label: section.querySelector('.score__label')?.textContent?.trim() ?? '',
        privacy: section.querySelector('.result__meta')?.textContent?.split('·').pop()?.trim() ?? '',
      };
    });
  }

  /** The page's reports as listed under the form, top to bottom. */
  async listedReports(): Promise<ShownReport[]> {
    return this.page.$$eval('.page-reports__list li a', (links) =>
      links.map((link) => {
        const value = link.querySelector('.score__value')?.textContent?.replace(/\D+/g, '') ?? '';
        return {
          id: Number(new URL((link as HTMLAnchorElement).href).searchParams.get('id')),
          score: value === '' ? null : Number(value),
          label: link.querySelector('.score__label')?.textContent?.trim() ?? '',
          privacy: link.querySelector('.report-row__privacy')?.textContent?.trim() ?? '',
        };
      }),
    );
  }

  /** How many reports the list says the page has (`data-count`). */
  reportCount(): Promise<number> {
    return this.page.$eval('section.page-reports', (section) => Number(section.getAttribute('data-count')));
  }

  /** The words of every notice on show (errors, explanations), in order. */
  notices(): Promise<string[]> {
    return this.page.$$eval('.notice__message', (nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));
  }

  /** Every button's accessible words, in order (the header's Options included). */
  buttons(): Promise<string[]> {
    return this.page.$$eval('main button, main a.button', (nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));
  }

  /** A report's checks summed up under it: the result's just made, or the newest listed one's. */
  async summary(where: 'result' | 'list'): Promise<{ counts: string; top: string[]; change: string | null; all: string | null }> {
    const scope = where === 'result' ? 'section.result .summary' : 'section.page-reports .summary';
    await this.page.waitForSelector(scope);
    return this.page.$eval(scope, (summary) => ({
      counts: summary.querySelector('.summary__counts')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      top: [...summary.querySelectorAll('.summary__top li')].map((li) => li.textContent?.trim() ?? ''),
      change: summary.querySelector('.summary__change')?.textContent?.trim() ?? null,
      all: summary.querySelector('.summary__all')?.textContent?.trim() ?? null,
    }));
  }

  /** Clicks a link by its words and resolves with the report view of report `id` it opened in a new tab. */
  async openReportView(linkWords: string, id: number): Promise<Page> {
    const chromium = this.page.browser();
    const opened = chromium.waitForTarget(
      (t) => t.type() === 'page' && new URL(t.url()).pathname === '/report.html' && new URL(t.url()).searchParams.get('id') === String(id),
      {
        timeout: 10_000,
      },
    );
    const link = await this.page.waitForSelector(`a ::-p-text(${linkWords})`, { timeout: 5_000 });
    if (!link) throw new Error(`No link "${linkWords}" in the popup`);
    // The popup closes as the new tab takes the focus, sometimes before the click's mouse-up is acknowledged:
    // whether the click worked is told by the tab it opens.
    await link.click().catch(() => undefined);
    return (await opened).asPage();
  }

  async clickDone(): Promise<void> {
    await this.click('::-p-aria([name="Done"][role="button"])');
    await this.page.waitForSelector('form.report-form');
  }

  /** Dismisses the failure of the last attempt; the form stays. */
  async dismissFailure(): Promise<void> {
    await this.click('form.report-form ::-p-aria([name="Dismiss"][role="button"])');
    await this.page.waitForFunction(() => !document.querySelector('form.report-form .notice--error'), { polling: 'mutation' });
  }

  /** The element that has the keyboard focus, described the way a screen reader would name it. */
  focused(): Promise<{ tag: string; type: string; name: string; checked: boolean }> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      const label = el?.closest('label')?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
      return { tag: el?.tagName.toLowerCase() ?? '', type: el?.type ?? '', name: label.trim(), checked: Boolean(el?.checked) };
    });
  }

  /** Waits for the focus to land on the control with these words (moved there after a render). */
  async waitForFocusOn(name: string, timeout = 2_000): Promise<void> {
    await this.page.waitForFunction(
      (expected) => {
        const el = document.activeElement;
        return (el?.closest('label')?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() === expected;
      },
      { timeout, polling: 50 },
      name,
    );
  }

  /** Clicks a button and resolves with the extension page at `path` it opened in a new tab. */
  clickOpening(buttonName: string, path: string): Promise<Page> {
    return this.ext.pageOpenedBy(path, () => this.click(`::-p-aria([name="${buttonName}"][role="button"])`));
  }
}
