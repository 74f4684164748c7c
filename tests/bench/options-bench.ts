import type { ElementHandle, Page } from 'puppeteer-core';

export interface OptionsSample {
  /** From the click on a pager button (its event time) to the frame after the new 100 rows were drawn, ms. */
  pageChange: number;
}

const ROWS = '.rm-table tbody tr[data-report-id]';
const TIMEOUT = 15_000;

/**
 * The reports manager on the options page, 100 rows a page: "Next" clicked as a user
 * does (a real mouse click), timed in the page from the click event to the frame after
 * the table shows 100 rows of the next page and the list is no longer loading.
 * At the last page, "First" brings it back (not timed).
 */
export async function benchOptionsPaging(options: Page, runs: number, warmup: number): Promise<OptionsSample[]> {
  await options.waitForSelector('#rm-per-page', { timeout: TIMEOUT });
  await options.select('#rm-per-page', '100');
  await waitForRows(options, 100);
  const samples: OptionsSample[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    if ((await pagerButton(options, 'Next')).disabled) {
      const before = await firstRowId(options);
      await (await pagerButton(options, 'First')).handle.click();
      await options.waitForFunction(
        (sel: string, id: string) => document.querySelector(sel)?.getAttribute('data-report-id') !== id,
        { timeout: TIMEOUT },
        ROWS,
        before,
      );
      await waitForRows(options, 100);
    }
    await watchNextPage(options);
    await (await pagerButton(options, 'Next')).handle.click();
    const ms = await options.evaluate(() => (window as unknown as Watched).__nextPage);
    if (i >= warmup) samples.push({ pageChange: ms });
  }
  return samples;
}

type Watched = { __nextPage: Promise<number> };

/** Armed before the click: a promise kept in the page, resolved with click→drawn once the next page's rows are in and painted. */
async function watchNextPage(page: Page): Promise<void> {
  await page.evaluate(
    (sel: string, timeout: number) => {
      const before = document.querySelector(sel)?.getAttribute('data-report-id');
      (window as unknown as Watched).__nextPage = new Promise<number>((resolve, reject) => {
        let clickedAt: number | undefined;
        document.addEventListener('click', (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const rows = document.querySelectorAll(sel);
          const idle = document.querySelector('section.rm')?.getAttribute('data-state') === 'idle';
          if (clickedAt === undefined || !idle || rows.length !== 100 || rows[0]?.getAttribute('data-report-id') === before) return;
          observer.disconnect();
          clearTimeout(timer);
          const started = clickedAt;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - started);
            channel.port2.postMessage(0);
          });
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const timer = setTimeout(() => {
          const seen = {
            clicked: clickedAt !== undefined,
            before,
            first: document.querySelector(sel)?.getAttribute('data-report-id'),
            rows: document.querySelectorAll(sel).length,
            state: document.querySelector('section.rm')?.getAttribute('data-state'),
          };
          reject(new Error(`no new page of 100 rows within ${timeout} ms: ${JSON.stringify(seen)}`));
        }, timeout);
      });
    },
    ROWS,
    TIMEOUT,
  );
}

async function pagerButton(page: Page, name: 'Next' | 'First'): Promise<{ handle: ElementHandle<HTMLButtonElement>; disabled: boolean }> {
  for (const handle of await page.$$('nav.rm-pager button')) {
    const info = await handle.evaluate((b) => ({
      text: b.textContent?.trim() ?? '',
      disabled: b.getAttribute('aria-disabled') === 'true' || b.disabled,
    }));
    if (info.text.startsWith(name) || info.text.endsWith(name)) return { handle, disabled: info.disabled };
  }
  throw new Error(`No "${name}" button in the reports pager`);
}

function firstRowId(page: Page): Promise<string> {
  return page.$eval(ROWS, (row) => row.getAttribute('data-report-id') ?? '');
}

async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (sel: string, n: number) =>
      document.querySelectorAll(sel).length === n && document.querySelector('section.rm')?.getAttribute('data-state') === 'idle',
    { timeout: TIMEOUT, polling: 50 },
    ROWS,
    count,
  );
}
