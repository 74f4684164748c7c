import { parseHTML } from 'linkedom';
import { beforeEach, describe, expect, it } from 'vitest';
import { focusFindingInPage } from '@/lib/report/finding-in-page';
import { clearOutlineInPage, outlineInPage } from '@/lib/report/outline-in-page';
import { outlineWords } from '@/lib/report/show-on-page';

const PAGE = `<!doctype html><html><head><title>Old shop</title></head><body>
  <u id="one">one</u><p><u id="two" tabindex="0">two</u></p><a id="three" href="/x"><u id="inner">three</u></a>
</body></html>`;

let document: Document;
/** The elements focused and scrolled to, in order, by id. */
let focused: string[];
let scrolled: string[];

beforeEach(() => {
  const parsed = parseHTML(PAGE);
  document = parsed.document as unknown as Document;
  Object.assign(globalThis, { document, Node: parsed.window.Node });
  focused = [];
  scrolled = [];
  for (const el of document.querySelectorAll<HTMLElement>('*')) {
    // linkedom has no focus model: an element takes focus of its own when it is a link or has a tabindex.
    Object.defineProperty(el, 'tabIndex', {
      get: () => (el.hasAttribute('tabindex') ? Number(el.getAttribute('tabindex')) : el.localName === 'a' ? 0 : -1),
    });
    Object.assign(el, { focus: () => focused.push(el.id), scrollIntoView: () => scrolled.push(el.id) });
  }
  outlineInPage({ by: 'tag', tags: ['u'] }, outlineWords('Deprecated tags'));
});

const badge = () => document.querySelector('[data-site-report-count]')?.textContent;
const attrs = (id: string) => ({
  tabindex: document.getElementById(id)!.getAttribute('tabindex'),
  current: document.getElementById(id)!.hasAttribute('data-site-report-current'),
});

describe('moving through the findings outlined in the page', () => {
  it('focuses and scrolls to the finding asked for, in page order, and counts them', () => {
    scrolled = [];
    expect(focusFindingInPage(1, 'Finding 2 of 3')).toEqual({ index: 1, count: 3 });
    expect(focused).toEqual(['two']);
    expect(scrolled).toEqual(['two']);
    expect(focusFindingInPage(2, 'Finding 3 of 3')).toEqual({ index: 2, count: 3 });
    expect(focused).toEqual(['two', 'inner']);
  });

  it('adds the position to the badge, replacing the one before', () => {
    focusFindingInPage(0, 'Finding 1 of 3');
    expect(badge()).toBe('Site Report · Deprecated tags: 3 outlined · Finding 1 of 3');
    focusFindingInPage(2, 'Finding 3 of 3');
    expect(badge()).toBe('Site Report · Deprecated tags: 3 outlined · Finding 3 of 3');
  });

  it('gives tabindex=-1 only to an element without focus of its own, and takes it back on the next step', () => {
    focusFindingInPage(0, '');
    expect(attrs('one')).toEqual({ tabindex: '-1', current: true });
    focusFindingInPage(1, '');
    expect(attrs('one')).toEqual({ tabindex: null, current: false });
    expect(attrs('two')).toEqual({ tabindex: '0', current: true });
    focusFindingInPage(0, '');
    focusFindingInPage(1, '');
    expect(attrs('two')).toEqual({ tabindex: '0', current: true });
  });

  it('leaves the page as it was when the outline is cleared or replaced', () => {
    focusFindingInPage(0, '');
    clearOutlineInPage();
    expect(attrs('one')).toEqual({ tabindex: null, current: false });
    outlineInPage({ by: 'tag', tags: ['u'] }, outlineWords('Deprecated tags'));
    focusFindingInPage(2, '');
    outlineInPage({ by: 'tag', tags: ['a'] }, outlineWords('Links'));
    expect(document.querySelectorAll('[data-site-report-tabindex], [data-site-report-current]')).toHaveLength(0);
  });

  it('answers -1 when the outline has gone from the page, and focuses nothing', () => {
    clearOutlineInPage();
    expect(focusFindingInPage(0, 'Finding 1 of 3')).toEqual({ index: -1, count: 0 });
    expect(focused).toEqual([]);
  });
});
