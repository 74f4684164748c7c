import type { PageTargets } from '@/lib/report/page-targets';

/**
 * The one-shot scripts of "Show on page", run in the tab by
 * `scripting.executeScript` on the user's click. The browser sends each
 * function as source text, so each is self-contained: no imports, no outer
 * names. They read the page and mark elements; the only thing that comes
 * back is a count. The look is in OUTLINE_CSS, inserted with
 * `scripting.insertCSS`, which the page's own Content-Security-Policy
 * cannot block.
 */

export interface OutlineResult {
  /** Elements outlined. */
  found: number;
  /** Things the report named that the live page no longer has. */
  missing: number;
}

/**
 * The badge's words in the UI language, passed in as the page has no `browser.i18n`: every plural form
 * (`{count}` left in), the locale that picks among them, and the direction the words read in.
 */
export interface OutlineWords {
  locale: string;
  dir: 'ltr' | 'rtl';
  /** "Site Report · Image alt text: {count} outlined" */
  outlined: Record<string, string>;
  /** ", {count} not found on the page now" */
  missing: Record<string, string>;
}

export const OUTLINE_CSS = `[data-site-report-outline] {
  outline: 3px solid #d4351c !important;
  outline-offset: 2px !important;
  box-shadow: 0 0 0 6px rgb(212 53 28 / 0.3) !important;
}
[data-site-report-current] {
  outline-width: 5px !important;
  box-shadow: 0 0 0 10px rgb(212 53 28 / 0.45) !important;
}
[data-site-report-count] {
  all: initial !important;
  position: fixed !important;
  z-index: 2147483647 !important;
  right: 12px !important;
  bottom: 12px !important;
  padding: 8px 12px !important;
  border-radius: 6px !important;
  background: #1b1f24 !important;
  color: #ffffff !important;
  font: 14px/1.4 system-ui, sans-serif !important;
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.35) !important;
  pointer-events: none !important;
}`;

/** Outlines the elements `targets` names (the previous outline goes first) and scrolls to the first. */
export function outlineInPage(targets: PageTargets, words: OutlineWords): OutlineResult {
  const MARK = 'data-site-report-outline';
  const BADGE = 'data-site-report-count';
  document.querySelectorAll(`[${MARK}]`).forEach((el) => el.removeAttribute(MARK));
  document.querySelectorAll(`[${BADGE}]`).forEach((el) => el.remove());
  document.querySelectorAll('[data-site-report-current]').forEach((el) => el.removeAttribute('data-site-report-current'));
  document.querySelectorAll('[data-site-report-tabindex]').forEach((el) => {
    el.removeAttribute('tabindex');
    el.removeAttribute('data-site-report-tabindex');
  });
  const all = (selector: string): Element[] => {
    try {
      return Array.from(document.querySelectorAll(selector));
    } catch {
      return [];
    }
  };
  const absolute = (url: string): string | null => {
    try {
      return new URL(url, document.baseURI).href;
    } catch {
      return null;
    }
  };
  const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  const css = (text: string) => text.replace(/\s+/g, '').replace(/;+$/, '').toLowerCase();
  const found = new Set<Element>();
  let missing = 0;
  const take = (matches: Element[]) => {
    if (matches.length === 0) missing += 1;
    for (const el of matches) found.add(el);
  };
  const pointsTo = (el: Element, name: string, url: string) => {
    const raw = el.getAttribute(name) ?? '';
    return raw === url || (raw !== '' && absolute(raw) !== null && absolute(raw) === absolute(url));
  };

  if (targets.by === 'image') {
    const images = all('img');
    for (const url of targets.urls) take(images.filter((img) => pointsTo(img, 'src', url)));
  } else if (targets.by === 'link') {
    const links = all('a[href]').filter((a) => (a.getAttribute('target') ?? '').toLowerCase() === '_blank');
    for (const url of targets.urls) take(links.filter((a) => pointsTo(a, 'href', url)));
  } else if (targets.by === 'heading') {
    for (const { level, text } of targets.headings) take(all(`h${level}`).filter((h) => squash(h.textContent) === squash(text)));
  } else if (targets.by === 'style') {
    const styled = all('[style]').filter((el) => !el.closest('svg'));
    if (targets.styles === null) styled.forEach((el) => found.add(el));
    else for (const style of targets.styles) take(styled.filter((el) => css(el.getAttribute('style') ?? '') === css(style)));
  } else {
    for (const tag of targets.tags) take(all(tag));
  }

  const marked = Array.from(found).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  for (const el of marked) el.setAttribute(MARK, '');
  const badge = document.createElement('div');
  badge.setAttribute(BADGE, '');
  badge.setAttribute('role', 'status');
  const rules = new Intl.PluralRules(words.locale);
  const numbers = new Intl.NumberFormat(words.locale);
  const counted = (forms: Record<string, string>, count: number) =>
    (forms[rules.select(count)] ?? forms.other ?? '').replace('{count}', numbers.format(count));
  badge.textContent = counted(words.outlined, marked.length) + (missing > 0 ? counted(words.missing, missing) : '');
  badge.style.setProperty('direction', words.dir, 'important');
  document.documentElement.append(badge);
  marked[0]?.scrollIntoView({ block: 'center' });
  return { found: marked.length, missing };
}

/** Takes every outline, the count and the focus marks away again. Answers how many elements were outlined. */
export function clearOutlineInPage(): number {
  const marked = document.querySelectorAll('[data-site-report-outline]');
  marked.forEach((el) => el.removeAttribute('data-site-report-outline'));
  document.querySelectorAll('[data-site-report-current]').forEach((el) => el.removeAttribute('data-site-report-current'));
  document.querySelectorAll('[data-site-report-tabindex]').forEach((el) => {
    el.removeAttribute('tabindex');
    el.removeAttribute('data-site-report-tabindex');
  });
  document.querySelectorAll('[data-site-report-count]').forEach((el) => el.remove());
  return marked.length;
}
