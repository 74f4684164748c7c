import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASKS_PAGE, BLANK_PAGE, instrumentBuild } from '../../bench/instrument';

const page = (script: string) =>
  `<!DOCTYPE html><html><head>\n    <script type="module" crossorigin src="/chunks/${script}"></script>\n  </head><body></body></html>`;
const BACKGROUND = 'var a=(function(){var Xm=[`/popup.html`,`/options.html`,`/sidepanel.html`];return Xm})();';
const BUILD = {
  'popup.html': page('popup-a1.js'),
  'report.html': page('report-e5.js'),
  'options.html': page('options-d4.js'),
  'background.js': BACKGROUND,
};

let dir: string;
let out: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'instrument-test-'));
  mkdirSync(join(dir, 'build'));
  for (const [name, html] of Object.entries(BUILD)) writeFileSync(join(dir, 'build', name), html);
  out = await instrumentBuild(join(dir, 'build'), join(dir, 'instrumented'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(join(out, file), 'utf8');
const scripts = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

describe('the bench’s copy of the build', () => {
  it('loads the probe first in the popup and the report view, before their own scripts', () => {
    expect(scripts(read('popup.html'))).toEqual(['<script src="/bench-probe.js">', '<script type="module" crossorigin src="/chunks/popup-a1.js">']);
    expect(scripts(read('report.html'))).toEqual(['<script src="/bench-probe.js">', '<script type="module" crossorigin src="/chunks/report-e5.js">']);
  });

  it('leaves the other pages as built, and the build itself untouched', () => {
    expect(read('options.html')).toBe(BUILD['options.html']);
    expect(readFileSync(join(dir, 'build', 'popup.html'), 'utf8')).toBe(BUILD['popup.html']);
  });

  it('adds a blank page of one line with the probe, which the probe marks drawn at once', () => {
    expect(scripts(read(BLANK_PAGE))).toEqual(['<script src="/bench-probe.js">']);
    expect(read(BLANK_PAGE)).toContain('<main data-bench-blank data-state="ready"><p>A blank page.</p></main>');
    expect(read('bench-probe.js')).toContain("main.hasAttribute('data-bench-blank')");
  });

  it('adds the page that asks the popup’s question, and lists it and the other asking pages among the background’s own pages', () => {
    expect(scripts(read(ASKS_PAGE))).toEqual(['<script src="/bench-probe.js">', '<script src="/bench-asks.js" defer>']);
    expect(read('bench-asks.js')).toContain("type: 'getPageState'");
    expect(read('background.js')).toBe(
      BACKGROUND.replace(
        '`/popup.html`,',
        '`/popup.html`,`/bench-asks.html`,`/bench-popup-asks-frame.html`,`/bench-report-asks.html`,`/bench-report-asks-first.html`,',
      ),
    );
  });

  it('says so when the background’s own pages are not found', async () => {
    writeFileSync(join(dir, 'build', 'background.js'), 'var a=1;');
    await expect(instrumentBuild(join(dir, 'build'), join(dir, 'again'))).rejects.toThrow(/own pages was not found/);
    writeFileSync(join(dir, 'build', 'background.js'), BACKGROUND);
  });

  it('finds the report view’s first screen by its check items', () => {
    expect(read('bench-probe.js')).toContain("querySelectorAll('li.check')");
  });

  it('says so when a page has no head to load the probe in', async () => {
    writeFileSync(join(dir, 'build', 'report.html'), '<html><body></body></html>');
    await expect(instrumentBuild(join(dir, 'build'), join(dir, 'again'))).rejects.toThrow(/report.html has no <head>/);
    writeFileSync(join(dir, 'build', 'report.html'), BUILD['report.html']);
  });
});
