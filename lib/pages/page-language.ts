import { t, uiDirection, uiLanguage, type PlainKey } from '@/lib/shared/i18n';

/**
 * Marks a page with the language its words are in and the direction it reads in (`lang`, `dir` on <html>),
 * before the first draw: screen readers pick the voice, and Arabic lays out right to left. `title` names the
 * page's tab until the page words it itself.
 */
export function applyPageLanguage(title?: PlainKey): void {
  const root = document.documentElement;
  root.lang = uiLanguage();
  root.dir = uiDirection();
  if (title) document.title = t(title);
}
