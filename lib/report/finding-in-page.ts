/**
 * The one-shot script that moves through the findings "Show on page" outlined, run in the tab by
 * `scripting.executeScript`. Self-contained like lib/report/outline-in-page.ts: the browser sends
 * it as source text. An element that takes no focus of its own gets `tabindex="-1"` while it is the
 * current finding, marked so the next step or the clearing takes it away again.
 */

export interface FindingInPage {
  /** The finding now focused, from 0; -1 when the outline is gone from the page. */
  index: number;
  /** How many findings the page has outlined. */
  count: number;
}

/**
 * Scrolls to the outlined element at `index` (in page order), focuses it, and adds `position`
 * ("Finding 3 of 12") to the page's badge. The badge keeps its own words in its attribute.
 */
export function focusFindingInPage(index: number, position: string): FindingInPage {
  const MARK = 'data-site-report-outline';
  const CURRENT = 'data-site-report-current';
  const ADDED = 'data-site-report-tabindex';
  for (const el of document.querySelectorAll(`[${CURRENT}]`)) el.removeAttribute(CURRENT);
  for (const el of document.querySelectorAll(`[${ADDED}]`)) {
    el.removeAttribute('tabindex');
    el.removeAttribute(ADDED);
  }
  const marked = document.querySelectorAll<HTMLElement>(`[${MARK}]`);
  const el = marked[index];
  if (!el) return { index: -1, count: marked.length };
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) {
    el.setAttribute('tabindex', '-1');
    el.setAttribute(ADDED, '');
  }
  el.setAttribute(CURRENT, '');
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center' });
  const badge = document.querySelector('[data-site-report-count]');
  if (badge) {
    const own = badge.getAttribute('data-site-report-count') || badge.textContent || '';
    badge.setAttribute('data-site-report-count', own);
    badge.textContent = `${own} · ${position}`;
  }
  return { index, count: marked.length };
}
