/**
 * The bench's copy of the production build (sizes are measured on the build itself), with these files added:
 *   - bench-probe.js, loaded first in popup.html and report.html: notes when the page draws its content (ProbeMarks);
 *   - bench-blank.html, an extension page of one line with the same probe: the floor of the popup and the report view;
 *   - bench-asks.html, the least page that waits for what the popup's ready waits for: it finds its tab, asks our own
 *     background the popup's one question (the service asked for the page's reports), and paints one line;
 *   - bench-popup-asks-frame.html (written by popup-bench.ts), bench-report-asks.html and bench-report-asks-first.html
 *     (written by report-bench.ts) may ask our background too, as the background's list of its own pages names them.
 * An extension page may only run the extension's own scripts (MV3 CSP), hence a file.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const BLANK_PAGE = 'bench-blank.html';
export const ASKS_PAGE = 'bench-asks.html';
export const POPUP_ASKS_FRAME_PAGE = 'bench-popup-asks-frame.html';
export const REPORT_ASKS_PAGE = 'bench-report-asks.html';
export const REPORT_ASKS_FIRST_PAGE = 'bench-report-asks-first.html';
/** The bench's pages that ask our background, listed among its own pages in the bench's copy. */
export const ASKING_PAGES = [ASKS_PAGE, POPUP_ASKS_FRAME_PAGE, REPORT_ASKS_PAGE, REPORT_ASKS_FIRST_PAGE] as const;

/**
 * In the page's clock, ms. `shown`: the popup's reports (cached or answered) or the report view's first checks drawn,
 * in state `shownState`; `ready`: the service answered (the popup's Report button enabled too), `count` reports or
 * checks drawn; `…Painted`: the frame after.
 */
export type ProbeMarks = Partial<Record<'shown' | 'shownPainted' | 'ready' | 'readyPainted' | 'count' | 'firstContentfulPaint', number>> & {
  shownState?: string;
};

export const PROBE = `(() => {
  const marks = {};
  window.__bench = marks;
  const note = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { marks[name + 'Painted'] = performance.now(); };
      channel.port2.postMessage(0);
    });
  };
  const check = () => {
    const main = document.querySelector('main');
    if (!main) return;
    if (main.hasAttribute('data-bench-blank')) { note('shown'); note('ready'); return; }
    const state = main.getAttribute('data-state');
    const report = main.classList.contains('report');
    const reports = main.querySelector('section.page-reports');
    const drawn = report ? main.querySelectorAll('li.check').length : reports ? Number(reports.getAttribute('data-count')) : -1;
    if (report ? drawn === 0 : drawn < 0) return;
    if ((state === 'cached' || state === 'ready') && marks.shown === undefined) { marks.shownState = state; note('shown'); }
    const button = main.querySelector('button.report-form__submit');
    if (state === 'ready' && (report || (button && !button.disabled))) { marks.count = drawn; note('ready'); }
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') marks.firstContentfulPaint = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
`;

const BLANK = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><script src="/bench-probe.js"></script><title>Blank</title></head>
  <body><main data-bench-blank data-state="ready"><p>A blank page.</p></main></body>
</html>
`;

const ASKS = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><script src="/bench-probe.js"></script><script src="/bench-asks.js" defer></script><title>Asks</title></head>
  <body></body>
</html>
`;

/** The popup's one question, as the least pages ask it: their tab found, then our background asked; the page state. */
export const ASK_PAGE_STATE = `chrome.tabs.query({ active: true, currentWindow: true }).then(([tab]) =>
  chrome.runtime.sendMessage({ type: 'getPageState', payload: { url: tab.url, windowId: tab.windowId } }),
).then((reply) => {
  if (!reply || !reply.ok) throw new Error('getPageState answered ' + JSON.stringify(reply));
  return reply.value;
})`;

const ASKS_SCRIPT = `${ASK_PAGE_STATE}.then((page) => {
  const main = document.createElement('main');
  main.setAttribute('data-bench-blank', '');
  main.textContent = page.reports.length + ' reports.';
  document.body.append(main);
});
`;

/** Copies `buildDir` to `into` with the probe in the popup and the report view, and the blank page; returns `into`. */
export async function instrumentBuild(buildDir: string, into: string): Promise<string> {
  await rm(into, { recursive: true, force: true });
  await cp(buildDir, into, { recursive: true });
  await writeFile(join(into, 'bench-probe.js'), PROBE);
  await writeFile(join(into, BLANK_PAGE), BLANK);
  await writeFile(join(into, ASKS_PAGE), ASKS);
  await writeFile(join(into, 'bench-asks.js'), ASKS_SCRIPT);
  // The background answers only the extension's own pages: the copy lists the asking pages among them.
  const background = await readFile(join(into, 'background.js'), 'utf8');
  const ownPages = /([`'"])\/popup\.html\1(?=,\s*\1\/options\.html\1)/;
  if (!ownPages.test(background)) throw new Error('The background’s list of its own pages was not found');
  await writeFile(
    join(into, 'background.js'),
    background.replace(ownPages, (page, quote: string) => [page, ...ASKING_PAGES.map((asks) => `${quote}/${asks}${quote}`)].join(',')),
  );
  for (const page of ['popup.html', 'report.html']) {
    const html = await readFile(join(into, page), 'utf8');
    if (!html.includes('<head>')) throw new Error(`${page} has no <head> to load the probe in`);
    await writeFile(join(into, page), html.replace('<head>', '<head>\n    <script src="/bench-probe.js"></script>'));
  }
  return into;
}

/** What a page drew: its `main` and the document's language and direction. */
export interface DrawnFrame {
  lang: string;
  dir: string;
  main: string;
}

/**
 * A frame a page drew, as a page of the loaded extension (`ext.extensionDir`) named `file`: the `main` drawn, marked for
 * the probe as drawn at once, with the inline styles of `page` (the built page it was drawn by) and no script. With
 * `drawBy`, the page starts empty and its one script, `drawBy(main)` written beside it, draws the frame.
 */
export async function writeStaticFrame(
  extensionDir: string,
  page: string,
  file: string,
  frame: DrawnFrame,
  title: string,
  drawBy?: (main: string) => string,
): Promise<string> {
  const html = await readFile(join(extensionDir, page), 'utf8');
  const styles = html.match(/<style>[\s\S]*?<\/style>/g) ?? [];
  if (styles.length === 0) throw new Error(`${page} has no inline styles to copy`);
  const main = frame.main.replace(/^<main /, '<main data-bench-blank ');
  const script = file.replace(/\.html$/, '.js');
  if (drawBy) await writeFile(join(extensionDir, script), drawBy(main));
  const head = drawBy ? `<title>${title}</title><script src="/${script}" defer></script>` : `<title>${title}</title>`;
  await writeFile(
    join(extensionDir, file),
    `<!doctype html>\n<html lang="${frame.lang}" dir="${frame.dir || 'ltr'}">\n<head><meta charset="utf-8"><script src="/bench-probe.js"></script>${styles.join('')}${head}</head>\n<body><div id="app">${drawBy ? '' : main}</div></body>\n</html>\n`,
  );
  return file;
}
