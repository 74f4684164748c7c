import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_ONLY_PAGE,
  FLOOR_ANSWER_PAGE,
  FLOOR_FAILED,
  FLOOR_FILES_PAGE,
  FLOOR_READY_PAGE,
  FLOOR_REQUEST_KEY,
  instrumentBuild,
  REPORT_FLOOR_ANSWER_PAGE,
  REPORT_FLOOR_FILES_PAGE,
} from '../../bench/instrument';

/** A page as the build writes it: its own script, the shared chunk as a preload, the shared and its own stylesheets. */
const built = (script: string, css: string) => `<!DOCTYPE html><html><head>
    <script type="module" crossorigin src="/chunks/${script}"></script>
    <link rel="modulepreload" crossorigin href="/chunks/pages-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/pages-c3.css">
    <link rel="stylesheet" crossorigin href="/assets/${css}">
  </head><body><div id="app"></div></body></html>`;
/** The popup's stylesheets are written into it (stylesInline, wxt.config.ts), each beside its link, disabled. */
const POPUP = built('popup-a1.js', 'popup-d4.css').replace(
  /(<link rel="stylesheet" crossorigin href="\/assets\/(\w+)-\w+\.css")>/g,
  '<style>.$2{color:red}</style>$1 disabled>',
);
const REPORT = built('report-e5.js', 'report-f6.css');
/** The build's background: the bench copy's only adds to it. */
const BACKGROUND = '(function(){ /* the background as built */ })();\n';

let dir: string;
let out: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'instrument-test-'));
  mkdirSync(join(dir, 'build'));
  writeFileSync(join(dir, 'build', 'popup.html'), POPUP);
  writeFileSync(join(dir, 'build', 'report.html'), REPORT);
  writeFileSync(join(dir, 'build', 'background.js'), BACKGROUND);
  out = await instrumentBuild(join(dir, 'build'), join(dir, 'instrumented'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(out, file), 'utf8');
const tags = (html: string) => [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);

describe('the floors under the popup', () => {
  it('loads every file the popup loads, and runs none of them', () => {
    const page = read(FLOOR_FILES_PAGE);
    expect(tags(page)).toEqual([
      '<script src="/bench-probe.js">',
      '<link rel="modulepreload" crossorigin href="/chunks/popup-a1.js">',
      '<link rel="modulepreload" crossorigin href="/chunks/pages-b2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/pages-c3.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/popup-d4.css" disabled>',
    ]);
    expect([...page.matchAll(/<style>[^<]*<\/style>/g)].map((m) => m[0])).toEqual([
      '<style>.pages{color:red}</style>',
      '<style>.popup{color:red}</style>',
    ]);
    expect(page).toContain('<main data-bench-blank data-state="ready">');
  });

  it('adds one message to the background, and marks the page drawn only once it is answered', () => {
    const page = read(FLOOR_ANSWER_PAGE);
    expect(tags(page).slice(1, 5)).toEqual(tags(read(FLOOR_FILES_PAGE)).slice(1));
    expect(tags(page).at(-1)).toBe('<script type="module" src="/bench-floor-answer.js">');
    expect(page).not.toContain('data-bench-blank');
    const script = read('bench-floor-answer.js');
    expect(script).toContain("sendMessage({ type: 'getSettings', payload: {} }).then(drawn, drawn)");
    expect(script).toContain("setAttribute('data-bench-blank', '')");
  });

  it('are made for the report view too, from its own files', () => {
    expect(tags(read(REPORT_FLOOR_FILES_PAGE))).toEqual([
      '<script src="/bench-probe.js">',
      '<link rel="modulepreload" crossorigin href="/chunks/report-e5.js">',
      '<link rel="modulepreload" crossorigin href="/chunks/pages-b2.js">',
      '<link rel="stylesheet" crossorigin href="/assets/pages-c3.css">',
      '<link rel="stylesheet" crossorigin href="/assets/report-f6.css">',
    ]);
    const answered = read(REPORT_FLOOR_ANSWER_PAGE);
    expect(tags(answered).slice(1, 5)).toEqual(tags(read(REPORT_FLOOR_FILES_PAGE)).slice(1));
    expect(tags(answered).at(-1)).toBe('<script type="module" src="/bench-floor-answer.js">');
    expect(answered).not.toContain('data-bench-blank');
  });

  it('has one more with the one message alone, and none of the extension’s files', () => {
    const page = read(ANSWER_ONLY_PAGE);
    expect(tags(page)).toEqual(['<script src="/bench-probe.js">', '<script type="module" src="/bench-floor-answer.js">']);
    expect(page).not.toContain('data-bench-blank');
  });

  it('has a floor under ready: the popup’s files, and one message', () => {
    const page = read(FLOOR_READY_PAGE);
    expect(tags(page).slice(1, 5)).toEqual(tags(read(FLOOR_FILES_PAGE)).slice(1));
    expect(tags(page).at(-1)).toBe('<script type="module" src="/bench-floor-ready.js">');
    expect(page).not.toContain('data-bench-blank');
  });

  it('whose background part keeps the build’s background whole, and is only added to', () => {
    expect(read('background.js').startsWith(BACKGROUND)).toBe(true);
    expect(read('background.js').length).toBeGreaterThan(BACKGROUND.length);
  });

  it('fails, and says why, until the bench gives it the service’s request', async () => {
    const run = await runReadyFloor(null);
    expect(run.failed).toMatch(/opened before the bench gave it the service’s request/);
    expect(run.calls).toEqual(['page: sendMessage', 'tabs.query', 'storage.local.get']);
  });

  it('is answered once the background has found the tab and read the service’s answer, and only then marked drawn', async () => {
    const run = await runReadyFloor({ url: 'http://127.0.0.1:9/api/v1/reports?search=a', apiKey: 'k-1' });
    expect(run.calls).toEqual([
      'page: sendMessage',
      'tabs.query',
      'storage.local.get',
      'fetch http://127.0.0.1:9/api/v1/reports?search=a Bearer k-1',
      'page: marked',
    ]);
    expect(run.failed).toBeUndefined();
  });

  it('is not marked drawn when the service refuses, or answers what is not JSON', async () => {
    const request = { url: 'http://127.0.0.1:9/r', apiKey: 'k-1' };
    const refused = await runReadyFloor(request, { status: 401, body: '{}' });
    expect(refused.calls).not.toContain('page: marked');
    expect(refused.failed).toMatch(/answered 401/);
    const html = await runReadyFloor(request, { status: 200, body: '<html>' });
    expect(html.calls).not.toContain('page: marked');
    expect(html.failed).toMatch(/JSON/);
  });

  it('says so when popup.html no longer names a script', async () => {
    writeFileSync(join(dir, 'build', 'popup.html'), '<html><head></head><body></body></html>');
    await expect(instrumentBuild(join(dir, 'build'), join(dir, 'again'))).rejects.toThrow(/popup.html names no module script/);
    writeFileSync(join(dir, 'build', 'popup.html'), POPUP);
  });
});

/**
 * Runs the ready floor as written, its page's script and its part of the background, against a page, a browser and a
 * service that record what they are asked. The message reaches the background's listeners as Chrome delivers it.
 */
async function runReadyFloor(
  request: { url: string; apiKey: string } | null,
  answer = { status: 200, body: '{"data":[]}' },
): Promise<{ calls: string[]; failed?: string }> {
  type Listener = (message: unknown, sender: { id: string }, respond: (reply: unknown) => void) => unknown;
  const calls: string[] = [];
  const listeners: Listener[] = [];
  const worker = {
    runtime: { id: 'ours', onMessage: { addListener: (listener: Listener) => listeners.push(listener) } },
    tabs: { query: async () => (calls.push('tabs.query'), [{ id: 1 }]) },
    storage: {
      local: { get: async (key: string) => (calls.push('storage.local.get'), key === FLOOR_REQUEST_KEY && request ? { [key]: request } : {}) },
    },
  };
  const fetch = async (url: string, init: { headers: Record<string, string> }) => {
    calls.push(`fetch ${url} ${init.headers.Authorization}`);
    return { ok: answer.status < 300, status: answer.status, text: async () => answer.body };
  };
  runInNewContext(read('background.js'), { globalThis: { chrome: worker }, fetch, JSON, Error, String, Promise });

  const window: Record<string, unknown> = {};
  const main = { setAttribute: () => calls.push('page: marked') };
  const sendMessage = (message: unknown) => {
    calls.push('page: sendMessage');
    return new Promise((resolve, reject) => {
      const claimed = listeners.map((listener) => listener(message, { id: 'ours' }, resolve)).some((kept) => kept === true);
      if (!claimed) reject(new Error('Could not establish connection. Receiving end does not exist.'));
    });
  };
  runInNewContext(read('bench-floor-ready.js'), {
    window,
    document: { querySelector: () => main },
    globalThis: { chrome: { runtime: { sendMessage } } },
    String,
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { calls, failed: window[FLOOR_FAILED] as string | undefined };
}
