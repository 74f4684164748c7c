/**
 * Which words of a page did not come from the catalogue, read in the pseudo-locale build (`wxt build --mode
 * pseudo`), where every catalogue text is accented and between ⟦ ⟧. Walks every text node under `roots`
 * (screen-reader-only text included) and the aria-label, title and placeholder of every element; what is left
 * once the marked parts are taken out must hold no plain Latin letter. Left out, as data rather than words:
 * elements marked `translate="no"` (addresses, findings, account details, key names), `<time>` (Intl writes
 * dates in the UI language) and `<svg>` (the score chart's numbers and dates; its words are in the table beside it).
 */
import type { Page } from 'puppeteer-core';

export interface StrayText {
  /** The element the text is in or on, as a short selector. */
  where: string;
  text: string;
}

export function strayText(page: Page, roots: readonly string[]): Promise<StrayText[]> {
  // No helper functions outside the callback: it runs in the page as its source text.
  return page.evaluate((selectors: readonly string[]) => {
    const stray: { where: string; text: string }[] = [];
    const skip = (el: Element) => el.matches('[translate="no"], time, svg, script, style, template');
    const leftover = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest;) {
        before = rest;
        rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
      }
      // An open or close mark left alone is the part of a text around an element (richText): its letters are accented.
      return /[A-Za-z]/.test(rest.replace(/⟦[^⟧]*$|^[^⟦]*⟧/g, ' ')) ? rest.trim() : null;
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList[0] ? `.${el.classList[0]}` : ''}`;
    const visit = (el: Element) => {
      if (skip(el)) return;
      for (const attribute of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(attribute);
        const rest = value && leftover(value);
        if (rest) stray.push({ where: `${name(el)}[${attribute}]`, text: value });
      }
      for (const child of el.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          const text = child.nodeValue ?? '';
          if (text.trim() !== '' && leftover(text)) stray.push({ where: name(el), text: text.trim() });
        } else if (child.nodeType === Node.ELEMENT_NODE) visit(child as Element);
      }
    };
    for (const selector of selectors) document.querySelectorAll(selector).forEach(visit);
    return stray;
  }, roots);
}

/** Whether the page is wider than its window: a text too long for its place pushes it out. */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
