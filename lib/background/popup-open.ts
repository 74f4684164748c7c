import { browser } from 'wxt/browser';
import type { PageState, PopupTab } from '@/lib/protocol';
import { cacheGeneration } from '@/lib/background/popup-cache';
import { popupTab } from '@/lib/shared/page-address';

/**
 * The popup's opening in one round trip: when it does not name its page, the
 * background finds the tab it opened over (as the popup itself would, with
 * the activeTab the click granted) and starts reading that page's state at
 * once, so the popup's `getPageState` right after finds it on its way.
 */

/** How long a page state read ahead waits for the popup that caused it (a popup closed at once never asks). */
const READ_AHEAD_KEPT_MS = 10_000;

const ahead = new Map<string, { reading: Promise<PageState>; generation: number }>();

/** The active tab of the window last focused: the one whose toolbar button opened the popup. */
export async function frontTab(): Promise<PopupTab> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return popupTab(tab);
}

/** Starts `read` for `url` now; the first `takeReadAhead(url)` gets it. */
export function readAhead(url: string, read: () => Promise<PageState>): void {
  const generation = cacheGeneration();
  const reading = read();
  ahead.set(url, { reading, generation });
  // Its failure is the popup's to hear, when it asks; unasked, it is dropped.
  const drop = () => setTimeout(() => ahead.get(url)?.reading === reading && ahead.delete(url), READ_AHEAD_KEPT_MS);
  reading.then(drop, drop);
}

/** The read started ahead for `url`, once; null when there is none, or when a report or setting changed since it started. */
export function takeReadAhead(url: string): Promise<PageState> | null {
  const started = ahead.get(url);
  ahead.delete(url);
  return started && started.generation === cacheGeneration() ? started.reading : null;
}
