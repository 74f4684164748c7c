import { browser } from 'wxt/browser';
import { focusFindingInPage, type FindingInPage } from '@/lib/report/finding-in-page';
import { clearOutlineInPage, OUTLINE_CSS, outlineInPage, type OutlineResult, type OutlineWords } from '@/lib/report/outline-in-page';
import type { PageTargets } from '@/lib/report/page-targets';
import { intlLocale, pluralForms, t, uiDirection } from '@/lib/shared/i18n';

/** Runs the outline in the tab: the style first, then the one-shot script, whose count is all that comes back. */
export async function outlineOnPage(tabId: number, targets: PageTargets, label: string): Promise<OutlineResult> {
  await browser.scripting.insertCSS({ target: { tabId }, css: OUTLINE_CSS });
  const [injection] = await browser.scripting.executeScript({ target: { tabId }, func: outlineInPage, args: [targets, outlineWords(label)] });
  return readResult(injection?.result);
}

/** The badge's words, for the page to count in. */
export function outlineWords(label: string): OutlineWords {
  return {
    locale: intlLocale(),
    dir: uiDirection(),
    outlined: pluralForms('outlineBadge', { name: t('extName'), label }),
    missing: pluralForms('outlineMissing', {}),
  };
}

/** Takes the outline away; a tab that navigated or closed has lost it already, which is no failure. */
export async function clearOnPage(tabId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId }, func: clearOutlineInPage }).catch(() => undefined);
  await browser.scripting.removeCSS({ target: { tabId }, css: OUTLINE_CSS }).catch(() => undefined);
}

/** Scrolls the tab to the outlined finding at `index` (from 0) and focuses it; its badge says "Finding 3 of 12". */
export async function focusFindingOnPage(tabId: number, index: number, count: number): Promise<FindingInPage> {
  const position = t('showOnPagePosition', { index: index + 1, count });
  const [injection] = await browser.scripting.executeScript({ target: { tabId }, func: focusFindingInPage, args: [index, position] });
  const value: unknown = injection?.result;
  const whole = (n: unknown, min: number) => (typeof n === 'number' && Number.isInteger(n) && n >= min ? n : min);
  if (typeof value !== 'object' || value === null) return { index: -1, count: 0 };
  return { index: whole('index' in value ? value.index : -1, -1), count: whole('count' in value ? value.count : 0, 0) };
}

/** The script's answer, taken only in the shape it can have. */
function readResult(value: unknown): OutlineResult {
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
  if (typeof value !== 'object' || value === null) return { found: 0, missing: 0 };
  return { found: count('found' in value ? value.found : 0), missing: count('missing' in value ? value.missing : 0) };
}

/** Why the browser refused, in words: it keeps extensions out of some pages (its own, store pages), and out of any page without access. */
export function outlineFailure(error: unknown, host: string): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (/permission|cannot access|host/i.test(detail)) {
    return t('showOnPageNoAccess', { host });
  }
  return t('showOnPageBlocked', { detail: detail.slice(0, 200) });
}
