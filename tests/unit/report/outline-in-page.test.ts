import { parseHTML } from 'linkedom';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOutlineInPage, outlineInPage } from '@/lib/report/outline-in-page';
import { pageTargets } from '@/lib/report/page-targets';
import { outlineWords } from '@/lib/report/show-on-page';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const PAGE = `<!doctype html><html><head><title>Old shop</title></head><body>
  <h1>Our shoes</h1><h2>  New   in </h2><h2>Sale</h2>
  <img src="/images/logo.gif"><img src="http://www.oldshop.example.org/images/banner.jpg" alt="">
  <img src="/images/cart.gif" alt="Cart">
  <a href="http://www.partner-shop.example.com/" target="_blank">Partner</a>
  <a href="http://www.partner-shop.example.com/">Partner, same tab</a>
  <center><font color="red">Sale!</font><font>Now</font></center><u>underlined</u>
  <p style="color:#ff0000">Red</p><p style="font-weight: bold;">Bold</p>
  <svg style="width:10px"></svg>
</body></html>`;

let document: Document;
beforeEach(() => {
  const parsed = parseHTML(PAGE);
  document = parsed.document as unknown as Document;
  // The injected function reads the page's own globals, as it does in the tab.
  Object.defineProperty(document, 'baseURI', { value: 'http://www.oldshop.example.org/products.php?cat=shoes&id=7' });
  Object.assign(globalThis, { document, Node: parsed.window.Node });
  for (const el of document.querySelectorAll('*')) Object.assign(el, { scrollIntoView: () => undefined });
});

const outlined = () =>
  [...document.querySelectorAll('[data-site-report-outline]')].map((el) => el.outerHTML.replace(/ data-site-report-outline=""/, '').slice(0, 90));
const badge = () => document.querySelector('[data-site-report-count]')?.textContent;
const bad = reportOf(RECORDED.bad.results).checks!;

describe('the one-shot script of "Show on page", in a page', () => {
  it('outlines the images the report names, by their address however written, and counts those gone', () => {
    const result = outlineInPage(pageTargets('image_keywords', bad.image_keywords!)!, outlineWords('Image alt text'));
    expect(outlined()).toEqual(['<img src="/images/logo.gif">', '<img src="http://www.oldshop.example.org/images/banner.jpg" alt="">']);
    // spacer, new and sale: named by the report, not on the page now.
    expect(result).toEqual({ found: 2, missing: 3 });
    expect(badge()).toBe('Site Report · Image alt text: 2 outlined, 3 not found on the page now');
  });

  it('outlines only the links that open in a new tab', () => {
    expect(outlineInPage(pageTargets('unsafe_cross_origin_links', bad.unsafe_cross_origin_links!)!, outlineWords('Unsafe links'))).toEqual({
      found: 1,
      missing: 0,
    });
    expect(outlined()).toEqual(['<a href="http://www.partner-shop.example.com/" target="_blank">Partner</a>']);
  });

  it('outlines every use of each deprecated tag', () => {
    expect(outlineInPage(pageTargets('deprecated_html_tags', bad.deprecated_html_tags!)!, outlineWords('Deprecated tags'))).toEqual({
      found: 4,
      missing: 0,
    });
    expect(outlined().map((html) => html.slice(0, 7))).toEqual(['<center', '<font c', '<font>N', '<u>unde']);
  });

  it('outlines style attributes by their text, spaces and the last semicolon aside, never inside an SVG', () => {
    const result = outlineInPage(
      { by: 'style', styles: ['color:#ff0000', 'font-weight:bold', 'width:10px', 'display:none'] },
      outlineWords('Inline CSS'),
    );
    expect(outlined()).toEqual(['<p style="color:#ff0000">Red</p>', '<p style="font-weight: bold;">Bold</p>']);
    expect(result).toEqual({ found: 2, missing: 2 });
    expect(outlineInPage({ by: 'style', styles: null }, outlineWords('Inline CSS'))).toEqual({ found: 2, missing: 0 });
  });

  it('outlines headings by level and text, whitespace aside', () => {
    const good = reportOf({ headings: { passed: true, importance: 'high', value: { h1: ['Our shoes'], h2: ['New in', 'Clearance'] } } }).checks!;
    expect(outlineInPage(pageTargets('headings', good.headings!)!, outlineWords('Headings'))).toEqual({ found: 2, missing: 1 });
    expect(outlined()).toEqual(['<h1>Our shoes</h1>', '<h2>  New   in </h2>']);
  });

  it('replaces the outline of another check, and goes away entirely when cleared', () => {
    outlineInPage(pageTargets('image_keywords', bad.image_keywords!)!, outlineWords('Image alt text'));
    outlineInPage({ by: 'tag', tags: ['u'] }, outlineWords('Deprecated tags'));
    expect(outlined()).toEqual(['<u>underlined</u>']);
    expect(document.querySelectorAll('[data-site-report-count]')).toHaveLength(1);
    expect(clearOutlineInPage()).toBe(1);
    expect(outlined()).toEqual([]);
    expect(badge()).toBeUndefined();
  });

  it('counts in the words and plural rules it is given, as the page has no catalogue of its own', () => {
    const forms = (word: string) => ({
      zero: `0 ${word}`,
      one: `1 ${word}`,
      two: `2 ${word}s (dual)`,
      few: `{count} ${word}s (few)`,
      many: `{count} ${word}s (many)`,
      other: `{count} ${word}s`,
    });
    const result = outlineInPage(pageTargets('image_keywords', bad.image_keywords!)!, {
      locale: 'ar-u-nu-latn',
      dir: 'rtl',
      outlined: forms('outlined'),
      missing: forms(' gone'),
    });
    expect(result).toEqual({ found: 2, missing: 3 });
    expect(badge()).toBe('2 outlineds (dual)3  gones (few)');
    expect(document.querySelector<HTMLElement>('[data-site-report-count]')!.style.getPropertyValue('direction')).toBe('rtl');
  });

  it('writes the label as text, never as markup', () => {
    outlineInPage({ by: 'tag', tags: ['u'] }, outlineWords('<img src=x onerror=alert(1)>'));
    expect(document.querySelector('[data-site-report-count] img')).toBeNull();
    expect(badge()).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('what "Show on page" looks for', () => {
  it.each([
    ['headings of the good page', 'headings', RECORDED.good.results, { by: 'heading', count: 7 }],
    ['a passed alt text check: nothing', 'image_keywords', RECORDED.good.results, null],
    ['a passed inline CSS check of one attribute: nothing', 'inline_css', { inline_css: { passed: true, importance: 'low', value: null } }, null],
    ['a check that names no element', 'load_time', RECORDED.bad.results, null],
  ])('%s', (_case, key, results, expected) => {
    const targets = pageTargets(key, reportOf(results).checks![key]!);
    if (expected === null) expect(targets).toBeNull();
    else expect(targets && { by: targets.by, count: targets.by === 'heading' ? targets.headings.length : -1 }).toEqual(expected);
  });

  it('passes on tag names only, nothing a selector could be built from', () => {
    const checks = reportOf({
      deprecated_html_tags: { passed: false, importance: 'low', value: null, errors: { bad_tags: { font: 2, 'a,body': 1, '*': 3, 'img src': 1 } } },
    }).checks!;
    expect(pageTargets('deprecated_html_tags', checks.deprecated_html_tags!)).toEqual({ by: 'tag', tags: ['font'] });
  });

  it('sends at most 300 things to look for', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `https://example.com/${i}.png`);
    const checks = reportOf({ image_keywords: { passed: false, importance: 'high', value: null, errors: { missing: many } } }).checks!;
    const targets = pageTargets('image_keywords', checks.image_keywords!);
    expect(targets?.by === 'image' && targets.urls).toHaveLength(300);
  });
});
