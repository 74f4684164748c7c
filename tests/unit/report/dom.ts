import { parseHTML } from 'linkedom';
import { render, type ComponentChild } from 'preact';

/**
 * A document to render the report view's components into, without a
 * browser: linkedom's DOM stands in for the page's, as Preact needs no more.
 */
export function renderInto(node: ComponentChild): { root: HTMLElement; text: () => string; settle: () => Promise<void> } {
  const { window, document } = parseHTML('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window, document, Node: window.Node, HTMLElement: window.HTMLElement });
  const root = document.getElementById('root') as unknown as HTMLElement;
  render(node, root);
  return {
    root,
    text: () => (root.textContent ?? '').replace(/\s+/g, ' ').trim(),
    // Preact renders state changes on the next tick.
    settle: () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
}

/** Elements that would run or load something, had a string become markup. */
const ACTIVE = 'script, img, iframe, object, embed, svg, style, link, form, input:not([type="radio"])';

/** What a string from the service could have turned into, if it had been written as markup. */
export function injected(root: HTMLElement): string[] {
  const found: string[] = [...root.querySelectorAll(ACTIVE)].map((el) => el.outerHTML.slice(0, 80));
  for (const el of root.querySelectorAll('*')) {
    for (const { name, value } of [...el.attributes]) {
      if (/^on/i.test(name)) found.push(`${el.tagName} ${name}`);
      if ((name === 'href' || name === 'src') && !/^(https?:|#|\/)/i.test(value)) found.push(`${el.tagName} ${name}=${value.slice(0, 40)}`);
    }
  }
  return found;
}
