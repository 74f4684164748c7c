import type { ElementHandle, Page, WebWorker } from 'puppeteer-core';
import { takeServiceRequests, watchServiceRequests } from './service-requests.ts';

export interface OptionsSample {
  /** From the click on a pager button (its event time) to the frame after the new 100 rows were drawn, ms. */
  pageChange: number;
  /**
   * The same time in parts, one after the other (null when a part's marks were not seen):
   * the page's work before it sends `listReports`; the message reaching the background and the
   * request leaving it; the service's own answer (request sent → body read); the background
   * reading the answer (zod) and the reply crossing back to the page; the page drawing the rows
   * until the frame after them.
   */
  split: { beforeMessage: number; toRequest: number; service: number; parseAndReply: number; render: number } | null;
  /**
   * The split's last part, drawing, in its own parts (null when the reply was not seen): the page's script from the
   * reply to the new rows being in the DOM (the list's code and Preact); the wait for the next frame to start; that
   * frame (style, layout, paint) until the page runs again. Kept in the raw samples only.
   */
  drawing?: { script: number; frameWait: number; frame: number } | null;
}

const ROWS = '.rm-table tbody tr[data-report-id]';
const TIMEOUT = 15_000;

/**
 * The reports manager on the options page, 100 rows a page: "Next" clicked as a user
 * does (a real mouse click), timed in the page from the click event to the frame after
 * the table shows 100 rows of the next page and the list is no longer loading.
 * At the last page, "First" brings it back (not timed).
 */
export async function benchOptionsPaging(options: Page, worker: WebWorker, runs: number, warmup: number): Promise<OptionsSample[]> {
  await watchMessages(options);
  await watchServiceRequests(worker);
  await options.waitForSelector('#rm-per-page', { timeout: TIMEOUT });
  await options.select('#rm-per-page', '100');
  await waitForRows(options, 100);
  const samples: OptionsSample[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    if ((await pagerButton(options, 'Next')).disabled) await turnPage(options, 'First');
    await watchNextPage(options);
    await (await pagerButton(options, 'Next')).handle.click();
    const drawn = await options.evaluate(() => (window as unknown as Watched).__nextPage);
    if (i >= warmup) {
      const split = await splitOf(options, worker, drawn);
      samples.push({ pageChange: drawn.ms, split, drawing: split && drawingOf(drawn, drawn.paintedAt - split.render) });
    }
  }
  return samples;
}

/**
 * The floor under drawing a page of rows: the least DOM work that turns the 100 rows shown into another page's 100
 * (its rows as the app drew them, parsed beforehand), done by hand with no framework: only the texts and attributes
 * that differ are set, and an element is replaced only where the two pages differ in kind. Timed from the first
 * change to the frame after, alternating between two pages. The page's "reply → rows painted" cannot go below it.
 * The rows are no longer the app's own afterwards: the page is reloaded once done.
 */
export async function benchTableDrawFloor(options: Page, runs: number, warmup: number): Promise<number[]> {
  const body = '.rm-table tbody';
  await waitForRows(options, 100);
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
        // Walked with a list rather than a named helper: the bench's TypeScript runner would wrap a named function
        // in a helper that does not exist in the page.
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
        // Less DOM work than the page change needs would be no floor: the rows must now read as that page's, exactly.
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

/** Both clocks as wall-clock ms (timeOrigin + performance.now()): the page's and the service worker's. */
interface Drawn {
  ms: number;
  clickedAt: number;
  /** The rows in the DOM (the mutation that put them there was seen). */
  rowsAt: number;
  /** The next frame's animation callbacks ran. */
  frameAt: number;
  paintedAt: number;
}
type Watched = { __nextPage: Promise<Drawn> };
interface SentMessage {
  type: string;
  sentAt: number;
  repliedAt?: number;
}
type MessageLog = { __benchMessages: SentMessage[] };

/** In the page: every message it sends the background, with when it left and when its reply came. */
async function watchMessages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: SentMessage[] = [];
    (window as unknown as MessageLog).__benchMessages = log;
    const runtime = browser.runtime as unknown as { sendMessage: (message: { type: string }) => Promise<unknown> };
    const send = runtime.sendMessage.bind(runtime);
    // No named function inside evaluate: tsx would wrap it in a helper the page does not have.
    runtime.sendMessage = (message) => {
      const entry: SentMessage = { type: message.type, sentAt: performance.timeOrigin + performance.now() };
      log.push(entry);
      return send(message).finally(() => (entry.repliedAt = performance.timeOrigin + performance.now()));
    };
  });
}

/** The click → rows time in parts, from the `listReports` message and the list request that followed the click. */
async function splitOf(page: Page, worker: WebWorker, drawn: Drawn): Promise<OptionsSample['split']> {
  const messages = await page.evaluate(() => (window as unknown as MessageLog).__benchMessages.splice(0));
  const requests = await takeServiceRequests(worker);
  const message = messages.find((m) => m.type === 'listReports' && m.sentAt >= drawn.clickedAt);
  const request = requests.find((r) => r.url.includes('/api/v1/reports?') && message && r.sentAt >= message.sentAt);
  if (!message?.repliedAt || !request?.readAt) return null;
  return {
    beforeMessage: message.sentAt - drawn.clickedAt,
    toRequest: request.sentAt - message.sentAt,
    service: request.readAt - request.sentAt,
    parseAndReply: message.repliedAt - request.readAt,
    render: drawn.paintedAt - message.repliedAt,
  };
}

/** Reply → painted in parts, from the reply's time. */
function drawingOf(drawn: Drawn, repliedAt: number): OptionsSample['drawing'] {
  return { script: drawn.rowsAt - repliedAt, frameWait: drawn.frameAt - drawn.rowsAt, frame: drawn.paintedAt - drawn.frameAt };
}

/** Armed before the click: a promise kept in the page, resolved with click→drawn once the next page's rows are in and painted. */
async function watchNextPage(page: Page): Promise<void> {
  await page.evaluate(
    (sel: string, timeout: number) => {
      const before = document.querySelector(sel)?.getAttribute('data-report-id');
      (window as unknown as Watched).__nextPage = new Promise<Drawn>((resolve, reject) => {
        let clickedAt: number | undefined;
        document.addEventListener('click', (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const rows = document.querySelectorAll(sel);
          const idle = document.querySelector('section.rm')?.getAttribute('data-state') === 'idle';
          if (clickedAt === undefined || !idle || rows.length !== 100 || rows[0]?.getAttribute('data-report-id') === before) return;
          observer.disconnect();
          clearTimeout(timer);
          const started = clickedAt;
          const rowsAt = performance.now();
          requestAnimationFrame(() => {
            const frameAt = performance.now();
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const paintedAt = performance.now();
              const origin = performance.timeOrigin;
              resolve({
                ms: paintedAt - started,
                clickedAt: origin + started,
                rowsAt: origin + rowsAt,
                frameAt: origin + frameAt,
                paintedAt: origin + paintedAt,
              });
            };
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

/** Clicks a pager button (not timed) and waits for another page's 100 rows. */
async function turnPage(page: Page, name: 'Next' | 'First'): Promise<void> {
  const before = await page.$eval(ROWS, (row) => row.getAttribute('data-report-id') ?? '');
  await (await pagerButton(page, name)).handle.click();
  await page.waitForFunction(
    (sel: string, id: string) => document.querySelector(sel)?.getAttribute('data-report-id') !== id,
    { timeout: TIMEOUT },
    ROWS,
    before,
  );
  await waitForRows(page, 100);
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
