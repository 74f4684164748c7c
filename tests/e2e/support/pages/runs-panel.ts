import type { Page } from 'puppeteer-core';

/** A run as the options page's runs panel shows it. */
export interface ShownRun {
  id: string;
  state: string;
  title: string;
  summary: string;
}

/** The options page's "In the background" panel: the runs of many reports, their progress, Stop and Retry. */
export class RunsPanelPage {
  constructor(readonly page: Page) {}

  runs(): Promise<ShownRun[]> {
    return this.page.$$eval('.runs__item', (items) =>
      items.map((item) => ({
        id: item.getAttribute('data-run-id') ?? '',
        state: item.getAttribute('data-state') ?? '',
        title: item.querySelector('.runs__head strong')?.textContent ?? '',
        summary: item.querySelector('.runs__summary')?.textContent ?? '',
      })),
    );
  }

  /** The newest run, once the panel shows one of that title (the panel lists the newest first). */
  async newest(title: string, timeout = 15_000): Promise<ShownRun> {
    await this.page.waitForFunction(
      (t) => document.querySelector('.runs__item .runs__head strong')?.textContent === t,
      { timeout, polling: 50 },
      title,
    );
    return (await this.runs())[0]!;
  }

  /** How many items of the run are settled (done or failed), as its progress bar says. */
  async settled(id: string): Promise<number> {
    return this.page.$eval(`.runs__item[data-run-id="${id}"] progress`, (p) => Number((p as HTMLProgressElement).value));
  }

  /** Waits in steps of at most 30 s: one protocol call may not outlast puppeteer's protocol timeout (180 s), and a long run takes minutes. */
  async waitForState(id: string, state: 'running' | 'stopped' | 'finished', timeout = 60_000): Promise<ShownRun> {
    const selector = `.runs__item[data-run-id="${id}"][data-state="${state}"]`;
    const deadline = Date.now() + timeout;
    for (;;) {
      const step = Math.min(30_000, deadline - Date.now());
      if (step <= 0) throw new Error(`Run ${id} was not ${state} within ${Math.round(timeout / 1000)} s`);
      if (await this.page.waitForSelector(selector, { timeout: step }).catch(() => null)) break;
    }
    return (await this.runs()).find((r) => r.id === id)!;
  }

  async button(id: string, name: string): Promise<void> {
    const buttons = await this.page.$$(`.runs__item[data-run-id="${id}"] .runs__buttons button`);
    for (const button of buttons) {
      if (((await button.evaluate((b) => b.textContent)) ?? '').trim().startsWith(name)) return button.click();
    }
    throw new Error(`No ${name} button on run ${id}`);
  }
}
