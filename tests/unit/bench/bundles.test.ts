import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkImports, findMarkers, measureBundles, pageAssets } from '../../bench/bundles';
import { checkBudgets, POPUP_JS_GZIP_MAX, proposeBudgets, type Budgets } from '../../bench/check-budgets';

const files: Record<string, string> = {
  'manifest.json': JSON.stringify({
    action: { default_popup: 'popup.html' },
    options_ui: { page: 'options.html' },
    background: { service_worker: 'background.js' },
  }),
  'popup.html': `<!DOCTYPE html><html><head>
    <script type="module" crossorigin src="/chunks/popup-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/shared-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/popup-c3.css">
    <link rel="icon" href="/icon.png">
  </head><body><div id="app"></div></body></html>`,
  'options.html': '<script type="module" src="./chunks/options-d4.js"></script><link rel=stylesheet href=assets/options-e5.css>',
  'report.html': '<script type="module" src="/chunks/report-h8.js"></script><link rel="modulepreload" href="/chunks/shared-b2.js">',
  'chunks/report-h8.js': 'import{a}from"./shared-b2.js";a("report");',
  'chunks/popup-a1.js': 'import{a as e}from"./shared-b2.js";e("popup");',
  'chunks/options-d4.js': 'import{a}from"./shared-b2.js";import"./theme-f6.js";const later=()=>import("./dialog-g7.js");a(later);',
  'chunks/shared-b2.js': 'export function a(x){return x}',
  'chunks/theme-f6.js': 'document.body.dataset.theme="light";',
  'chunks/dialog-g7.js': 'export default 1;',
  'assets/popup-c3.css': 'main{color:red}',
  'assets/options-e5.css': 'main{color:blue}',
  'background.js': 'chrome.runtime.onMessage.addListener(()=>{});',
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bundles-test-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const raw = (...paths: string[]) => paths.reduce((sum, p) => sum + Buffer.byteLength(files[p]!), 0);
const gzip = (...paths: string[]) => paths.reduce((sum, p) => sum + gzipSync(files[p]!, { level: 9 }).length, 0);

describe('what a page of the build makes the browser load', () => {
  it('counts the scripts, preloads and stylesheets the popup names, each file once, and not its icon', () => {
    const { popup } = measureBundles(dir);
    expect(popup.files).toEqual(['chunks/popup-a1.js', 'chunks/shared-b2.js', 'assets/popup-c3.css']);
    expect(popup.js).toEqual({ raw: raw('chunks/popup-a1.js', 'chunks/shared-b2.js'), gzip: gzip('chunks/popup-a1.js', 'chunks/shared-b2.js') });
    expect(popup.css).toEqual({ raw: raw('assets/popup-c3.css'), gzip: gzip('assets/popup-c3.css') });
    expect(popup.total.raw).toBe(popup.js.raw + popup.css.raw);
  });

  it('follows static imports, and does not count a chunk loaded only by import()', () => {
    const { options } = measureBundles(dir);
    expect(options.files).toEqual(['chunks/options-d4.js', 'chunks/shared-b2.js', 'chunks/theme-f6.js', 'assets/options-e5.css']);
  });

  it('measures the report view, which the manifest does not name, from its page', () => {
    expect(measureBundles(dir).report).toMatchObject({ files: ['chunks/report-h8.js', 'chunks/shared-b2.js'], css: { raw: 0 } });
  });

  it('measures the background from the manifest’s service worker', () => {
    expect(measureBundles(dir).background).toMatchObject({ files: ['background.js'], js: { raw: raw('background.js') }, css: { raw: 0, gzip: 0 } });
  });

  it('says where the build is missing', () => {
    expect(() => measureBundles(join(dir, 'nowhere'))).toThrow(/No extension build at .*nowhere/);
  });

  it.each([
    ['import{a as e}from"./x.js";', ['./x.js']],
    ['import"/chunks/y.js";export{b}from"./z.js";', ['/chunks/y.js', './z.js']],
    ['const m=import("./lazy.js")', []],
    ['const m=()=>import(`./NeedsSetup-D7.js`).then((e)=>e.NeedsConnection)', []],
    ['const text="not an import.js"', []],
  ])('reads the static imports of %s', (code, fixed) => {
    expect(chunkImports(code)).toEqual(fixed);
  });

  it('finds code a page must not carry by a text only that code has, in the files the page loads', () => {
    const { options, popup } = measureBundles(dir);
    const markers = { zod: '_zod', 'the theme switch': 'dataset.theme' };
    expect(findMarkers(dir, options, markers)).toEqual([{ name: 'the theme switch', file: 'chunks/theme-f6.js' }]);
    expect(findMarkers(dir, popup, markers)).toEqual([]);
  });

  it('reads tags with or without quotes, and skips other links and outside addresses', () => {
    expect(pageAssets('<link rel=stylesheet href=a.css><link rel="preconnect" href="/b"><script src="https://cdn.example/c.js"></script>')).toEqual([
      'a.css',
    ]);
  });
});

describe('the budgets', () => {
  const sizes = () => measureBundles(dir);
  const budgetsAt = (factor: number): Budgets => {
    const s = sizes();
    const limits = (b: keyof Budgets['budgets']) => ({
      js: { raw: Math.round(s[b].js.raw * factor), gzip: Math.round(s[b].js.gzip * factor) },
      total: { raw: Math.round(s[b].total.raw * factor), gzip: Math.round(s[b].total.gzip * factor) },
    });
    return { budgets: { popup: limits('popup'), options: limits('options'), report: limits('report'), background: limits('background') } };
  };

  it('passes a build at its budgets, and names every measure that grew past them', () => {
    expect(checkBudgets(sizes(), budgetsAt(1)).filter((l) => l.over)).toEqual([]);
    const over = checkBudgets(sizes(), budgetsAt(0.9)).filter((l) => l.over);
    expect(over.map((l) => `${l.bundle} ${l.what}`)).toContain('popup JS gzip');
    expect(over).toHaveLength(16);
  });

  it('proposes limits 10 % above the build, never letting the popup’s JS past its ceiling (16.5 KB gzip)', () => {
    const s = sizes();
    const proposed = proposeBudgets(s);
    expect(proposed.budgets.options.total.raw).toBe(Math.floor((s.options.total.raw * 1.1) / 100) * 100);
    const huge = { ...s, popup: { ...s.popup, js: { raw: 90_000, gzip: 30_000 } } };
    expect(proposeBudgets(huge).budgets.popup.js.gzip).toBe(POPUP_JS_GZIP_MAX);
  });
});
