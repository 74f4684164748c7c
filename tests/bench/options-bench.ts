import type { ElementHandle, Page, WebWorker } from 'puppeteer-core';
import { takeServiceRequests, timeAnswerRead, watchServiceRequests } from './service-requests.ts';

const ROWS = '.rm-table tbody tr[data-report-id]';
const TIMEOUT = 15_000;

/**
 * The reports manager on the options page, 100 rows a page: "Next" clicked as a user does, timed in the page from
 * the click event to the frame after the next page's 100 rows, less the service's own answer to the list request
 * (sent → body read, as the worker met it), ms. At the last page, "First" brings it back (not timed). `read`: the
 * answer to the last page asked decoded and parsed, each time, ms (`timeAnswerRead`).
 */
export async function benchOptionsPaging(
  options: Page,
  worker: WebWorker,
  runs: number,
  warmup: number,
): Promise<{ samples: number[]; read: number[] }> {
  await watchServiceRequests(worker);
  await options.waitForSelector('#rm-per-page', { timeout: TIMEOUT });
  await options.select('#rm-per-page', '100');
  await waitForRows(options);
  const samples: number[] = [];
  let lastAsked = '';
  for (let i = 0; i < warmup + runs; i += 1) {
    if ((await pagerButton(options, 'Next')).disabled) await turnPage(options, 'First');
    await takeServiceRequests(worker);
    await watchNextPage(options);
    await (await pagerButton(options, 'Next')).handle.click();
    const drawn = await options.evaluate(() => (window as unknown as Watched).__nextPage);
    const asked = (await takeServiceRequests(worker)).find((r) => r.url.includes('/api/v1/reports?') && r.sentAt >= drawn.clickedAt && r.readAt);
    if (!asked) throw new Error('Next drew a page without asking the service for it');
    lastAsked = asked.url;
    if (i >= warmup) samples.push(drawn.ms - (asked.readAt! - asked.sentAt));
  }
  return { samples, read: await timeAnswerRead(worker, lastAsked, runs, warmup) };
}

/**
 * The floor under drawing a page of rows: the least DOM work that turns the 100 rows shown into another page's 100
 * (as the app drew them, parsed beforehand), by hand: only the texts and attributes that differ are set, an element
 * replaced only where the pages differ in kind. Timed from the first change to the frame after, alternating between
 * two pages. The page is reloaded once done, its rows being no longer the app's own.
 */
export async function benchTableDrawFloor(options: Page, runs: number, warmup: number): Promise<number[]> {
  const body = '.rm-table tbody';
  await waitForRows(options);
  const shown = await options.$eval(body, (b) => b.innerHTML);
  await turnPage(options, (await pagerButton(options, 'Next')).disabled ? 'First' : 'Next');
  const other = await options.$eval(body, (b) => b.innerHTML);
  const times = await options.evaluate(
    async (sel: string, pages: [string, string], total: number) => {
      const parsed = pages.map((html) => {
        const template = document.createElement('template');
        template.innerHTML = `<table><tbody>${html}</tbody></table>`;
        return template.content.querySelector('tbody')!;
      });
      const tbody = document.querySelector(sel)!;
      const out: number[] = [];
      for (let i = 0; i < total; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        const started = performance.now();
        // A list, not a named helper: tsx would wrap a named function in a helper the page does not have.
        const pairs: [Node, Node][] = [[tbody, parsed[i % 2]!]];
        for (let pair = pairs.pop(); pair; pair = pairs.pop()) {
          const [live, wanted] = pair;
          if (live.nodeType !== wanted.nodeType || live.nodeName !== wanted.nodeName) {
            live.parentNode!.replaceChild(wanted.cloneNode(true), live);
          } else if (live.nodeType !== Node.ELEMENT_NODE) {
            if (live.nodeValue !== wanted.nodeValue) live.nodeValue = wanted.nodeValue;
          } else {
            const [el, to] = [live as Element, wanted as Element];
            for (const name of el.getAttributeNames()) if (!to.hasAttribute(name)) el.removeAttribute(name);
            for (const name of to.getAttributeNames())
              if (el.getAttribute(name) !== to.getAttribute(name)) el.setAttribute(name, to.getAttribute(name)!);
            const [have, want] = [[...el.childNodes], [...to.childNodes]];
            want.forEach((child, n) => (have[n] ? pairs.push([have[n], child]) : el.appendChild(child.cloneNode(true))));
            for (const extra of have.slice(want.length)) extra.remove();
          }
        }
        out.push(
          await new Promise<number>((resolve) =>
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve(performance.now() - started);
              channel.port2.postMessage(0);
            }),
          ),
        );
        // Less DOM work than the page change needs would be no floor.
        if (tbody.innerHTML !== pages[i % 2]) throw new Error('The rows changed by hand do not match the page they were changed to');
      }
      return out;
    },
    body,
    [shown, other] as [string, string],
    warmup + runs,
  );
  await options.reload();
  await options.waitForSelector('main.options[data-state="ready"]', { timeout: TIMEOUT });
  return times.slice(warmup);
}

/** Click → the frame after the next page's rows, ms; and the click's wall-clock time. */
type Watched = { __nextPage: Promise<{ ms: number; clickedAt: number }> };

/** Armed before the click: a promise kept in the page, kept once the next page's rows are in and painted. */
async function watchNextPage(page: Page): Promise<void> {
  await page.evaluate(
    (sel: string, timeout: number) => {
      const before = document.querySelector(sel)?.getAttribute('data-report-id');
      (window as unknown as Watched).__nextPage = new Promise((resolve, reject) => {
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
            channel.port1.onmessage = () => resolve({ ms: performance.now() - started, clickedAt: performance.timeOrigin + started });
            channel.port2.postMessage(0);
          });
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const timer = setTimeout(() => reject(new Error(`no new page of 100 rows within ${timeout} ms`)), timeout);
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

/** Clicks a pager button (not timed) and waits for another page's 100 rows. */
async function turnPage(page: Page, name: 'Next' | 'First'): Promise<void> {
  const before = await page.$eval(ROWS, (row) => row.getAttribute('data-report-id') ?? '');
  await (await pagerButton(page, name)).handle.click();
  await waitForRows(page, before);
}

/** Waits for 100 rows, the list idle, the first not the row `before`. */
async function waitForRows(page: Page, before = ''): Promise<void> {
  await page.waitForFunction(
    (sel: string, id: string) => {
      const rows = document.querySelectorAll(sel);
      return (
        rows.length === 100 &&
        rows[0]!.getAttribute('data-report-id') !== id &&
        document.querySelector('section.rm')?.getAttribute('data-state') === 'idle'
      );
    },
    { timeout: TIMEOUT, polling: 50 },
    ROWS,
    before,
  );
}
