/**
 * The benchmark's own copy of the production build, with two additions that exist only
 * there (the build users get is measured for size before they are made):
 *   - bench-probe.js, a classic script loaded first in popup.html and report.html, which notes
 *     in the page's own clock (performance.now(), from the page's navigation start) when the
 *     address, the Create button, the page's reports (cached or answered) and the ready
 *     state (the service answered) are in the DOM, and when the frame after each was painted;
 *     in the report view, when its checks are drawn (from the kept copy, or as the service answered): their
 *     first screen (every check's line, the first ones whole), then every check whole;
 *   - bench-blank.html, an extension page of one line of text with the same probe: the floor (the
 *     line gives it a first contentful paint to compare the popup's with).
 *   - two floors under the popup, made from its built popup.html: bench-floor-files.html, the blank page
 *     with the popup's own stylesheets and scripts loaded but none of them run (modulepreload); and
 *     bench-floor-answer.html, the same with one message to the background whose answer marks the page
 *     drawn (the background refuses it, as it comes from none of the extension's own pages: the time is
 *     the messaging alone). What the popup cannot do without: its files, and one answer from elsewhere.
 *     The report view gets the same two, from its report.html (bench-floor-report-*.html): it too
 *     cannot draw without its files and one answer, for its kept copy or the service's.
 *   - bench-floor-answer-only.html: the blank page with that one answer and none of the extension's
 *     files, opened both as the popup and in a tab: what asking the background costs any page.
 *   - bench-floor-ready.html: the popup's files and one message, which the background answers as the
 *     popup's opening needs it to, and no more: it finds the active tab, sends the service the popup's
 *     own request for the page's reports, reads and parses the answer; nothing is drawn (a listener
 *     added to background.js, here only). The request is the bench's to give once the service runs
 *     (FLOOR_REQUEST_KEY): until then the floor fails, and says so.
 * An extension page may only run scripts from the extension itself (MV3 CSP), hence a file.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const BLANK_PAGE = 'bench-blank.html';
export const FLOOR_FILES_PAGE = 'bench-floor-files.html';
export const FLOOR_ANSWER_PAGE = 'bench-floor-answer.html';
/** The same two floors under the report view, made from its built report.html. */
export const REPORT_FLOOR_FILES_PAGE = 'bench-floor-report-files.html';
export const REPORT_FLOOR_ANSWER_PAGE = 'bench-floor-report-answer.html';
/** The blank page with that one answer and no file of the extension's: the floor of any page that draws what it asks for. */
export const ANSWER_ONLY_PAGE = 'bench-floor-answer-only.html';
/** The popup's files and one answer, which the background gives once it has found the tab and the service has answered: the floor of the popup's ready. */
export const FLOOR_READY_PAGE = 'bench-floor-ready.html';
const FLOOR_READY_SCRIPT = 'bench-floor-ready.js';

export interface ProbeMarks {
  /** The address shown (not the "…" placeholder). */
  address?: number;
  addressPainted?: number;
  /** Address and the Create report button: what a user needs to act. */
  content?: number;
  contentPainted?: number;
  /** The page's reports drawn, from the cache (`main[data-state="cached"]`) or from the service's answer. */
  shown?: number;
  shownPainted?: number;
  shownCount?: number;
  /** `main[data-state="ready"]` with the reports section drawn: the service has answered (the blank page: its one element). */
  ready?: number;
  readyPainted?: number;
  /** How many reports the list said it had when ready (the report view: how many checks it drew). */
  readyCount?: number;
  /** First contentful paint, from navigation start, once the browser has reported it. */
  firstContentfulPaint?: number;
  /** The report view: every check drawn whole (its explanations and findings too), after `shown`'s first screen. */
  whole?: number;
  wholePainted?: number;
  /** The report view's state when its checks were first drawn: `cached` (the kept copy) or `ready` (the service's answer). */
  shownState?: string;
}

const PROBE = `(() => {
  const marks = {};
  window.__bench = marks;
  const now = () => performance.now();
  const afterPaint = (name) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { marks[name + 'Painted'] = now(); };
    channel.port2.postMessage(0);
  });
  const note = (name) => { if (marks[name] === undefined) { marks[name] = now(); afterPaint(name); } };
  const check = () => {
    const main = document.querySelector('main');
    if (!main) return;
    if (main.hasAttribute('data-bench-blank')) { note('shown'); note('ready'); return observer.disconnect(); }
    if (main.classList.contains('report')) {
      const state = main.getAttribute('data-state');
      const checks = main.querySelectorAll('li.check').length;
      if ((state === 'cached' || state === 'ready') && checks > 0 && marks.shown === undefined) { marks.shownCount = checks; marks.shownState = state; note('shown'); }
      // Checks below the first screen get their explanations and findings a frame later (components/report/CheckList.tsx).
      const whole = checks > 0 && main.querySelector('li.check[data-brief]') === null;
      if ((state === 'cached' || state === 'ready') && whole && marks.whole === undefined) note('whole');
      if (state === 'ready' && checks > 0 && marks.ready === undefined) { marks.readyCount = checks; note('ready'); }
      return;
    }
    const address = document.querySelector('#page-address-value');
    const shown = address && address.textContent.trim() !== '' && address.textContent.trim() !== '\\u2026';
    if (shown) note('address');
    const create = Array.from(main.querySelectorAll('button')).some((b) => b.textContent.trim() === 'Create report');
    if (shown && create) note('content');
    const reports = main.querySelector('section.page-reports');
    const state = main.getAttribute('data-state');
    if ((state === 'cached' || state === 'ready') && reports && marks.shown === undefined) {
      marks.shownCount = Number(reports.getAttribute('data-count'));
      note('shown');
    }
    if (state === 'ready' && reports && marks.ready === undefined) {
      marks.readyCount = Number(reports.getAttribute('data-count'));
      note('ready');
    }
  };
  // The paint entry is reported a little after its frame: kept here once it is, for the bench to wait for.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.firstContentfulPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
`;

const BLANK = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><script src="/bench-probe.js"></script><title>Blank</title></head>
  <body><main data-bench-blank data-state="ready"><p>A blank page.</p></main></body>
</html>
`;

/** The marked element waits for the background's answer (any answer, or none) before the probe sees it. */
const FLOOR_ANSWER_SCRIPT = `const main = document.querySelector('main');
const drawn = () => main.setAttribute('data-bench-blank', '');
globalThis.chrome.runtime.sendMessage({ type: 'getSettings', payload: {} }).then(drawn, drawn);
`;

/** What a floor page sets when its work failed: the bench stops with this reason rather than time nothing. */
export const FLOOR_FAILED = '__benchFloorFailed';

/**
 * The service's request the ready floor has the background send, as the background sent it for the popup (its key,
 * the bench's own), kept for it by the bench in the extension's local storage under this name.
 */
export interface FloorRequest {
  url: string;
  apiKey: string;
}
export const FLOOR_REQUEST_KEY = '__benchFloorRequest';
/** The one message the ready floor sends; the extension's router leaves it unanswered, as it comes from none of its pages. */
const FLOOR_READY_MESSAGE = '__benchFloorReady';

/** The ready floor's page: one message, and the page marked drawn once the background says the service has answered. */
const READY_FLOOR_PAGE_SCRIPT = `const main = document.querySelector('main');
const failed = (error) => { window.${FLOOR_FAILED} = String(error); };
globalThis.chrome.runtime
  .sendMessage({ type: '${FLOOR_READY_MESSAGE}' })
  .then((reply) => (reply && reply.ok ? main.setAttribute('data-bench-blank', '') : failed(reply ? reply.error : 'no answer')), failed);
`;

/**
 * Added at the end of the bench copy's background.js: the background's part of the ready floor. In answer to the
 * floor's message it finds the active tab (while reading the request it is to send), sends the service that request,
 * reads and parses the answer, and replies: what the popup's opening needs of the background, and nothing else.
 */
const READY_FLOOR_WORKER = `
;(() => {
  const chrome = globalThis.chrome;
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || message.type !== '${FLOOR_READY_MESSAGE}' || sender.id !== chrome.runtime.id) return undefined;
    Promise.all([chrome.tabs.query({ active: true, lastFocusedWindow: true }), chrome.storage.local.get('${FLOOR_REQUEST_KEY}')])
      .then(([, stored]) => {
        const request = stored['${FLOOR_REQUEST_KEY}'];
        if (!request) throw new Error('the ready floor was opened before the bench gave it the service’s request');
        return fetch(request.url, { headers: { Authorization: 'Bearer ' + request.apiKey, Accept: 'application/json' } });
      })
      .then((response) => {
        if (!response.ok) throw new Error('the service answered ' + response.status);
        return response.text();
      })
      .then((text) => JSON.parse(text))
      .then(() => sendResponse({ ok: true }), (error) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });
})();
`;

/** The blank page with a page's stylesheets (linked or written in) and module preloads (its HTML's, and its script's, as built); `extra` at the end of its head. */
function floorPage(name: string, pageHtml: string, extra: string, marked: boolean): string {
  const links = [...pageHtml.matchAll(/<link rel="(?:stylesheet|modulepreload)"[^>]*>|<style>[\s\S]*?<\/style>/g)].map((m) => m[0]);
  const script = /<script type="module"[^>]*src="([^"]+)"/.exec(pageHtml)?.[1];
  if (!script || links.length === 0) throw new Error(`${name} names no module script or stylesheet to build the floors from`);
  const head = [`<link rel="modulepreload" crossorigin href="${script}">`, ...links, extra].join('');
  const page = BLANK.replace('</head>', `${head}</head>`);
  return marked ? page : page.replace('<main data-bench-blank ', '<main ');
}

/** Copies `buildDir` to `into` with the probe (in the popup and the report view) and the blank page; returns `into`. */
export async function instrumentBuild(buildDir: string, into: string): Promise<string> {
  await rm(into, { recursive: true, force: true });
  await cp(buildDir, into, { recursive: true });
  await writeFile(join(into, 'bench-probe.js'), PROBE);
  await writeFile(join(into, BLANK_PAGE), BLANK);
  await writeFile(join(into, 'bench-floor-answer.js'), FLOOR_ANSWER_SCRIPT);
  const answer = '<script type="module" src="/bench-floor-answer.js"></script>';
  await writeFile(join(into, ANSWER_ONLY_PAGE), BLANK.replace('</head>', `${answer}</head>`).replace('<main data-bench-blank ', '<main '));
  const floors: [page: string, files: string, answered: string][] = [
    ['popup.html', FLOOR_FILES_PAGE, FLOOR_ANSWER_PAGE],
    ['report.html', REPORT_FLOOR_FILES_PAGE, REPORT_FLOOR_ANSWER_PAGE],
  ];
  for (const [page, files, answered] of floors) {
    const html = await readFile(join(into, page), 'utf8');
    await writeFile(join(into, files), floorPage(page, html, '', true));
    await writeFile(join(into, answered), floorPage(page, html, answer, false));
  }
  const popupHtml = await readFile(join(into, 'popup.html'), 'utf8');
  await writeFile(join(into, FLOOR_READY_SCRIPT), READY_FLOOR_PAGE_SCRIPT);
  const background = join(into, 'background.js');
  await writeFile(background, (await readFile(background, 'utf8')) + READY_FLOOR_WORKER);
  await writeFile(
    join(into, FLOOR_READY_PAGE),
    floorPage('popup.html', popupHtml, `<script type="module" src="/${FLOOR_READY_SCRIPT}"></script>`, false),
  );
  for (const page of ['popup.html', 'report.html']) {
    const path = join(into, page);
    const html = await readFile(path, 'utf8');
    if (!html.includes('<head>')) throw new Error(`${page} has no <head> to load the probe in`);
    await writeFile(path, html.replace('<head>', '<head>\n    <script src="/bench-probe.js"></script>'));
  }
  return into;
}
