import { browser, type Browser } from 'wxt/browser';
import type { Report } from '@/lib/api';
import { checkReportable, pageKey } from '@/lib/shared/page-address';
import { RESULT_LABEL_TEXT, scoreLabel, type ResultLabel } from '@/lib/shared/score';
import type { BadgeResult } from '@/lib/background/toolbar/badge-lookup';
import { t } from '@/lib/shared/i18n';

/**
 * Painting the badge: how a result looks on the toolbar icon (the score, on
 * the colour of its label), which tabs may show one, and the browser calls.
 */

export interface BadgeLook {
  text: string;
  color: string;
}

/** Dark enough for the browser's white badge text to stay readable. */
export const BADGE_COLOURS: Record<ResultLabel | 'neutral', string> = {
  good: '#1e7e34',
  decent: '#a15c00',
  bad: '#c5221f',
  neutral: '#5f6368',
};

export const PROGRESS_LOOK: BadgeLook = { text: '…', color: BADGE_COLOURS.neutral };
export const EMPTY_LOOK: BadgeLook = { text: '', color: BADGE_COLOURS.neutral };
/** Waiting in the queue for the service to be back. */
export const QUEUED_LOOK: BadgeLook = { text: '↻', color: '#1a56db' };

export function badgeResultOf(report: Report): BadgeResult {
  return { score: report.score, label: report.label };
}

export function badgeLook(result: BadgeResult): BadgeLook {
  if (!result) return EMPTY_LOOK;
  const label = result.label ?? (result.score !== null ? scoreLabel(result.score) : null);
  // An older service may send no score, only a word: its first letter still fits a badge.
  const text = result.score !== null ? String(Math.round(result.score)) : label ? RESULT_LABEL_TEXT[label].charAt(0) : '?';
  return { text, color: label ? BADGE_COLOURS[label] : BADGE_COLOURS.neutral };
}

/** The reportable address of a tab the badge may look up: never an incognito tab. */
export function tabAddress(tab: Browser.tabs.Tab | undefined): string | null {
  if (!tab || tab.incognito || tab.id === undefined) return null;
  const reportable = checkReportable(tab.url);
  return reportable.ok ? reportable.url : null;
}

export async function currentAddress(tabId: number): Promise<string | null> {
  return tabAddress(await browser.tabs.get(tabId).catch(() => undefined));
}

/**
 * The colour goes first, then the text: a browser that redraws the button between the two calls
 * (Firefox does, on its next frame) never shows a new score on the previous one's colour.
 */
async function setLook(look: BadgeLook, tabId?: number): Promise<void> {
  const which = tabId === undefined ? {} : { tabId };
  await browser.action.setBadgeBackgroundColor({ ...which, color: look.color });
  await browser.action.setBadgeText({ ...which, text: look.text });
}

/** The icon's title over a tab: whether its page is watched (lib/background/watches/), else the extension's name. */
export async function markWatched(tabId: number, watched: boolean): Promise<void> {
  await browser.action.setTitle({ tabId, title: watched ? t('watchBadgeTitle') : t('extName') }).catch(() => undefined);
}

export async function paint(tabId: number, look: BadgeLook): Promise<void> {
  // The tab may have closed meanwhile; the browser then refuses, and there is nothing left to paint.
  await setLook(look, tabId).catch(() => undefined);
}

/** Tabs (never incognito ones) open on the same address as `url`. */
export async function tabsShowing(url: string): Promise<number[]> {
  const key = pageKey(url);
  const tabs = await browser.tabs.query({});
  return tabs.flatMap((tab) => {
    const address = tabAddress(tab);
    return address && tab.id !== undefined && pageKey(address) === key ? [tab.id] : [];
  });
}

export async function clearAllBadges(): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : paint(tab.id, EMPTY_LOOK))));
}

/** The badge of every tab that shows nothing of its own: a run's items left (the score badge of a tab comes first). */
export async function paintDefault(look: BadgeLook): Promise<void> {
  await setLook(look).catch(() => undefined);
}
