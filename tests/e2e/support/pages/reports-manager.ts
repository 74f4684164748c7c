import type { Page } from 'puppeteer-core';
import type { ExtensionPages } from '../extension-pages.ts';
import { reloadPage } from '../page-object.ts';

/** The `listReports` request whose answer the manager shows (its `data-shown` attribute). */
export interface ListQuery {
  search?: string;
  project?: string;
  result?: 'good' | 'decent' | 'bad';
  sortBy?: 'id' | 'generated_at' | 'url' | 'result';
  sort?: 'asc' | 'desc';
  perPage?: number;
  page?: number;
}

/** The extension API inside the options page (the test's own types know nothing of it). */
declare const chrome: {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: { local: { remove(keys: string[]): Promise<void> } };
};

const text = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** The reports manager on the options page, driven as a user would: labelled controls, buttons by their words. */
export class ReportsManagerPage {
  constructor(readonly page: Page) {}

  /** The options page at a desktop size, connected to the service, its list query back to the defaults. */
  static async openConnected(ext: ExtensionPages, baseUrl: string, apiKey: string): Promise<ReportsManagerPage> {
    const options = await ext.openOptions();
    await options.setViewport({ width: 1280, height: 900 });
    const manager = new ReportsManagerPage(options);
    await manager.connect(baseUrl, apiKey);
    await manager.resetListQuery();
    return manager;
  }

  /** Saves the connection through the extension's own protocol, as the options form does, then reloads. */
  async connect(baseUrl: string, apiKey: string): Promise<void> {
    const reply = await this.page.evaluate(
      (payload) => chrome.runtime.sendMessage({ type: 'saveConnection', payload }) as Promise<{ ok: boolean; error?: { message: string } }>,
      { baseUrl, apiKey },
    );
    if (!reply.ok) throw new Error(`Could not connect: ${reply.error?.message}`);
  }

  /**
   * How the table is laid out now: its rows, the cells whose content is wider than the cell (a column
   * too narrow for its words: buttons, badges, dates, or a header cut short), and the address column's
   * width in em.
   */
  async tableLayout(): Promise<{ rows: number; overflowing: string[]; addressEm: number }> {
    return this.page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('.rm-table')!;
      const em = parseFloat(getComputedStyle(table).fontSize);
      const rows = [...table.querySelectorAll('tbody tr')];
      const overflowing = [
        ...table.querySelectorAll<HTMLElement>('thead th > *, thead th, .rm-actions, .rm-col-score > *, .rm-col-privacy, .rm-col-date > *'),
      ]
        .filter((el) => el.scrollWidth > (el.closest('td, th') as HTMLElement).clientWidth)
        .map((el) => el.className || el.textContent || el.tagName);
      const address = table.querySelector<HTMLElement>('thead th:nth-child(2)')!.getBoundingClientRect().width;
      return { rows: rows.length, overflowing, addressEm: address / em };
    });
  }

  /** Forgets the kept list query, so the run starts from the defaults. */
  async resetListQuery(): Promise<void> {
    await this.page.evaluate(() => chrome.storage.local.remove(['reportsView', 'reportsView$']));
    await reloadPage(this.page);
  }

  /** Waits until the list shows the answer to a request with these values, and none of the `absent` ones. */
  async waitForList(match: ListQuery, absent: Partial<Record<keyof ListQuery, undefined>> = {}, timeout = 15_000): Promise<void> {
    await this.page.waitForFunction(
      (want: Record<string, unknown>, gone: string[]) => {
        const section = document.querySelector('section.rm');
        if (section?.getAttribute('data-state') !== 'idle') return false;
        const shown = JSON.parse(section.getAttribute('data-shown') ?? 'null') as Record<string, unknown> | null;
        if (!shown) return false;
        return Object.entries(want).every(([k, v]) => shown[k] === v) && gone.every((k) => !(k in shown));
      },
      { timeout, polling: 50 },
      match as Record<string, unknown>,
      Object.keys(absent),
    );
  }

  async waitForIdle(): Promise<void> {
    await this.page.waitForFunction(() => document.querySelector('section.rm')?.getAttribute('data-state') === 'idle', { polling: 50 });
  }

  rowIds(): Promise<number[]> {
    return this.page.$$eval('tbody tr[data-report-id]', (rows) => rows.map((r) => Number(r.getAttribute('data-report-id'))));
  }

  rowAddresses(): Promise<string[]> {
    return this.page.$$eval('tbody .rm-address', (links) => links.map((a) => a.textContent ?? ''));
  }

  rowLabels(): Promise<string[]> {
    return this.page.$$eval('tbody .rm-col-score [data-label]', (badges) => badges.map((b) => b.getAttribute('data-label') ?? ''));
  }

  rowProjects(): Promise<string[]> {
    return this.page.$$eval('tbody .rm-col-project', (cells) => cells.map((c) => c.textContent ?? ''));
  }

  /** The names Chromium gives a row's controls (its checkbox, address link and actions), as a screen reader reads them. */
  async rowControlNames(id: number): Promise<string[]> {
    const row = await this.page.$(`tr[data-report-id="${id}"]`);
    if (!row) throw new Error(`No row for report ${id}`);
    const tree = await this.page.accessibility.snapshot({ root: row, interestingOnly: false });
    const names: string[] = [];
    const walk = (node: { role: string; name?: string; children?: unknown[] } | null | undefined): void => {
      if (!node) return;
      if (['checkbox', 'link', 'button'].includes(node.role)) names.push(text(node.name));
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk(tree);
    return names;
  }

  async rowScore(id: number): Promise<string> {
    const value = await this.page.$eval(`tr[data-report-id="${id}"] .rm-col-score`, (cell) => cell.textContent ?? '');
    return value.match(/\d+/)?.[0] ?? '';
  }

  rowDateTime(id: number): Promise<string | null> {
    return this.page.$eval(`tr[data-report-id="${id}"] time`, (t) => t.getAttribute('datetime'));
  }

  async pageText(): Promise<string> {
    return text(await this.page.$eval('.rm-pager__where', (e) => e.textContent)).replace(/(\d)[ ,.](?=\d{3}\b)/g, '$1');
  }

  /** The count under the table, with thousands separators taken out ("1–25 of 1201 reports"). */
  async countText(): Promise<string> {
    return text(await this.page.$eval('.rm-pager__count', (e) => e.textContent)).replace(/(\d)[ ,.](?=\d{3}\b)/g, '$1');
  }

  async emptyText(): Promise<string> {
    return text(await this.page.$eval('.rm-placeholder', (e) => e.textContent));
  }

  /** The words of the error shown beside the list. */
  async alertText(): Promise<string> {
    return text(await this.page.$eval('section.rm [role="alert"]', (e) => e.textContent));
  }

  async alertButton(name: string): Promise<void> {
    await this.clickButton('section.rm [role="alert"] button', name);
  }

  async focusedText(): Promise<string> {
    return text(await this.page.evaluate(() => document.activeElement?.textContent));
  }

  async statusText(): Promise<string> {
    return text(await this.page.$eval('.rm-status', (e) => e.textContent));
  }

  async selectionText(): Promise<string> {
    return text(await this.page.$eval('.rm-selection__count', (e) => e.textContent));
  }

  projectSuggestions(): Promise<string[]> {
    return this.page.$$eval('#rm-projects option', (o) => o.map((x) => (x as HTMLOptionElement).value));
  }

  /** Types as a person does (a key every 40 ms); `commit` presses Enter instead of waiting for the pause. */
  async typeSearch(value: string, { commit = false } = {}): Promise<void> {
    await this.replaceText('#rm-search', value);
    if (commit) await this.page.keyboard.press('Enter');
  }

  async clearSearch(): Promise<void> {
    await this.typeSearch('', { commit: true });
  }

  async typeProject(value: string): Promise<void> {
    await this.replaceText('#rm-project', value);
    await this.page.keyboard.press('Enter');
  }

  private async replaceText(selector: string, value: string): Promise<void> {
    await this.page.click(selector, { count: 3 });
    await this.page.keyboard.press('Backspace');
    if (value) await this.page.type(selector, value, { delay: 40 });
  }

  async select(selector: string, value: string): Promise<void> {
    await this.page.select(selector, value);
  }

  async controlValues(): Promise<Record<string, string>> {
    return this.page.evaluate(() => {
      const value = (id: string) => (document.getElementById(id) as HTMLInputElement | HTMLSelectElement).value;
      return {
        search: value('rm-search'),
        project: value('rm-project'),
        result: value('rm-result'),
        sortBy: value('rm-sort-by'),
        sort: value('rm-sort'),
        perPage: value('rm-per-page'),
      };
    });
  }

  async pager(name: 'First' | 'Previous' | 'Next' | 'Last'): Promise<void> {
    await this.clickButton('.rm-pager button', name);
  }

  /** Milliseconds, measured in the page, from the click to the new 100 rows being in the table. */
  timePageChange(name: 'Previous' | 'Next'): Promise<number> {
    return this.page.evaluate(
      (label) =>
        new Promise<number>((resolve, reject) => {
          const firstId = () => document.querySelector('tbody tr')?.getAttribute('data-report-id');
          const before = firstId();
          const button = [...document.querySelectorAll<HTMLButtonElement>('.rm-pager button')].find((b) => b.textContent?.includes(label));
          if (!button) return reject(new Error(`No ${label} button`));
          const started = performance.now();
          button.click();
          const check = () => {
            const done =
              firstId() !== before &&
              document.querySelectorAll('tbody tr').length === 100 &&
              document.querySelector('section.rm')?.getAttribute('data-state') === 'idle';
            if (done) resolve(Math.round(performance.now() - started));
            else if (performance.now() - started > 10_000) reject(new Error('100 rows did not show within 10 s'));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      name,
    );
  }

  async rowButton(id: number, name: string): Promise<void> {
    await this.clickButton(`tr[data-report-id="${id}"] button`, name);
  }

  async selectionButton(name: string): Promise<void> {
    await this.clickButton('.rm-selection button', name);
  }

  async dialogButton(name: string): Promise<void> {
    await this.clickButton('dialog[open] button', name);
  }

  async dialogText(): Promise<string> {
    await this.page.waitForSelector('dialog[open]');
    return text(await this.page.$eval('dialog[open]', (d) => d.textContent));
  }

  async waitForDialogText(words: string, timeout = 15_000): Promise<string> {
    await this.page.waitForFunction((w) => document.querySelector('dialog[open]')?.textContent?.includes(w), { timeout, polling: 100 }, words);
    return this.dialogText();
  }

  async waitForNoDialog(): Promise<void> {
    await this.page.waitForFunction(() => !document.querySelector('dialog[open]'), { polling: 50 });
  }

  async waitForRowText(id: number, words: string, timeout = 15_000): Promise<void> {
    await this.page.waitForFunction(
      (rid, w) => document.querySelector(`tr[data-report-id="${rid}"]`)?.textContent?.includes(w),
      { timeout, polling: 50 },
      id,
      words,
    );
  }

  /** Opens the privacy dialog of a row, picks `choice`; without `password` it saves at once (and waits for it to close, unless told to expect a failure). */
  async setPrivacy(id: number, choice: 'Public' | 'Private' | 'Password', password?: string, { expectFailure = false } = {}): Promise<void> {
    await this.rowButton(id, 'Privacy');
    await this.page.waitForSelector('dialog[open] .segment');
    const labels = await this.page.$$('dialog[open] .segment');
    for (const label of labels) {
      if (text(await label.evaluate((l) => l.textContent)) === choice) await label.click();
    }
    if (password === undefined) {
      await this.dialogButton('Save');
      if (expectFailure) await this.page.waitForSelector('dialog[open] [role="alert"]');
      else await this.waitForNoDialog();
      return;
    }
    if (password) await this.page.type('#rm-new-password', password);
    await this.dialogButton('Save');
  }

  async typePasswordAndSave(password: string): Promise<void> {
    await this.page.type('#rm-new-password', password);
    await this.dialogButton('Save');
    await this.waitForNoDialog();
  }

  private async clickButton(selector: string, name: string): Promise<void> {
    const handle = await this.page.waitForFunction(
      (sel, n) =>
        [...document.querySelectorAll<HTMLElement>(sel)].find((b) =>
          (b.textContent ?? '')
            .replace(/\s+/g, ' ')
            .trim()
            .replace(/^[«‹] /, '')
            .startsWith(n),
        ),
      { polling: 50, timeout: 10_000 },
      selector,
      name,
    );
    await (handle as unknown as { click(): Promise<void> }).click();
  }
}
