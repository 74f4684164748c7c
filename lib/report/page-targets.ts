import type { ReportCheck } from '@/lib/api';
import { checkDetails, type Noun } from '@/lib/report/check-guide';
import { readCounts, readHeadings, readList } from '@/lib/report/finding-lists';
import { sourcesOf } from '@/lib/report/findings';

/**
 * Which elements of the live page a finding names, as plain data for the
 * one-shot script of "Show on page" (lib/report/outline-in-page.ts): the
 * addresses and tags the service reported, nothing the page could run.
 */

export type PageTargets =
  | { by: 'image'; urls: string[] }
  | { by: 'link'; urls: string[] }
  | { by: 'heading'; headings: { level: number; text: string }[] }
  /** `styles` null: the service only counted the style attributes, so every one is shown. */
  | { by: 'style'; styles: string[] | null }
  | { by: 'tag'; tags: string[] };

/** A page's script gets at most this many things to look for. */
export const MAX_TARGETS = 300;

const TAG_NAME = /^[a-z][a-z0-9-]{0,30}$/i;
/** Any noun: only the items of the list are read here, never its count in words. */
const noun: Noun = 'nounLinks';

function texts(check: ReportCheck): { texts: string[]; total: number } | null {
  const list = readList(noun, sourcesOf(check, 'errors'));
  if (list?.kind !== 'list') return null;
  return { texts: list.items.map((item) => item.text).slice(0, MAX_TARGETS), total: list.total };
}

/** What "Show on page" looks for, or null when the finding names no element (or the check is not one that does). */
export function pageTargets(key: string, check: ReportCheck): PageTargets | null {
  const onPage = checkDetails(key)?.onPage;
  if (!onPage) return null;
  switch (onPage) {
    case 'image':
    case 'link': {
      const found = texts(check);
      return found && found.texts.length > 0 ? { by: onPage, urls: found.texts } : null;
    }
    case 'style': {
      if (check.passed) return null;
      const found = texts(check);
      if (!found) return null;
      return { by: 'style', styles: found.texts.length > 0 ? found.texts : null };
    }
    case 'heading': {
      const outline = readHeadings(check);
      if (outline?.kind !== 'headings') return null;
      const headings = outline.levels.flatMap(({ level, texts: list }) => list.map((text) => ({ level, text })));
      return headings.length > 0 ? { by: 'heading', headings: headings.slice(0, MAX_TARGETS) } : null;
    }
    case 'tag': {
      const tags = (readCounts(sourcesOf(check, 'errors')) ?? []).map((entry) => entry.name).filter((name) => TAG_NAME.test(name));
      return tags.length > 0 ? { by: 'tag', tags: tags.slice(0, MAX_TARGETS) } : null;
    }
  }
}
