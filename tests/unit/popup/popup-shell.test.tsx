import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { App } from '@/entrypoints/popup/App';

/** The first frame popup.html paints before any script runs (entrypoints/popup/index.html). */
const html = readFileSync(join(import.meta.dirname, '../../../entrypoints/popup/index.html'), 'utf8');

function page(body: string) {
  const { window, document } = parseHTML(`<!doctype html><html lang="en"><body>${body}</body></html>`);
  Object.assign(globalThis, { window, document, Node: window.Node, HTMLElement: window.HTMLElement });
  return document.getElementById('app') as unknown as HTMLElement;
}

/** Each element as its tag, its attributes (in any order) and its own text. */
const shape = (root: HTMLElement) =>
  [...root.querySelectorAll('*')].map((element) => ({
    tag: element.tagName,
    attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
    text: [...element.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent),
  }));

const shellOf = (source: string) => /<div id="app">[\s\S]*?<\/main><\/div>/.exec(source)?.[0] ?? '';

describe('the popup’s prerendered first frame', () => {
  it('is in popup.html', () => {
    expect(shellOf(html)).toContain('<main class="popup" data-state="starting"');
  });

  it('is what the script draws first, element for element: the script adopts it and only fills in the words', () => {
    const fresh = page('<div id="app"></div>');
    render(<App />, fresh);
    const drawn = shape(fresh);

    const app = page(shellOf(html));
    const before = [...app.querySelectorAll('*')];
    render(<App />, app);
    // The same element objects, in the same order, none added, none taken away: nothing painted is replaced.
    expect([...app.querySelectorAll('*')]).toEqual(before);
    expect(before.every((element, i) => element === app.querySelectorAll('*')[i])).toBe(true);
    expect(shape(app)).toEqual(drawn);
  });

  it('holds no words: they come from the script, in the user’s language', () => {
    const app = page(shellOf(html));
    expect((app.textContent ?? '').replace(/[\s\u00a0…]/g, '')).toBe('');
    // The address's placeholder is there before the script: the first contentful paint.
    expect(app.querySelector('#page-address-value')?.textContent).toBe('…');
  });

  it('names no element whose role cannot carry a name (a paragraph, a span): screen readers would drop it', () => {
    const app = page(shellOf(html));
    render(<App />, app);
    const named = [...app.querySelectorAll('p, span, div:not([role])')].filter(
      (e) => e.hasAttribute('aria-label') || e.hasAttribute('aria-labelledby'),
    );
    expect(named.map((e) => e.outerHTML)).toEqual([]);
  });
});
