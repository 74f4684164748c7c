import { browser } from 'wxt/browser';
import type { PageState } from '@/lib/protocol';
import { storedAddress } from '@/lib/shared/page-address';
import { popupPages, watchConnection, watchPreferences } from '@/lib/storage';
import { onJobChange } from '@/lib/background/report-jobs';

/**
 * The popup's head start: what the last popup showed for a page (kept in
 * session storage, lib/storage.ts), which the next popup on it reads itself
 * (lib/shared/kept-for-popup.ts) while the service is asked again. A page is kept only in a state the popup
 * would show the same way a moment later (no report job, its list loaded),
 * and forgotten as soon as that can change.
 */

/** Pages kept, of every service together, the most recently shown first. */
export const PAGE_CACHE_LIMIT = 20;

/** The service a kept page was read for, as its settings name it ('' while there was one service). */
const serviceOfPage = (page: { settings: PageState['settings'] }) => page.settings.popupServices?.chosen ?? '';

/** Counts forgets: a state read before one of them may already be out of date. */
let generation = 0;

/** Taken before the page state is read, and handed to `rememberPageState` with it. */
export const cacheGeneration = () => generation;

/**
 * Kept only if nothing was forgotten since `readAt` (a report started meanwhile, say). Each service's copy of a page
 * is kept apart: its settings name the service it was read for, and the popup draws only its own window's.
 */
export async function rememberPageState(url: string, state: PageState, readAt: number): Promise<void> {
  await popupPages.update((pages) => {
    const others = pages.filter((page) => page.url !== url || serviceOfPage(page) !== serviceOfPage(state));
    if (state.job || state.reportsError || readAt !== generation) return others;
    return [{ url, settings: state.settings, reports: state.reports, at: Date.now() }, ...others].slice(0, PAGE_CACHE_LIMIT);
  });
}

/** Every cached address the service would store as the same page (http and https, with and without www). */
export async function forgetCachedPage(url: string): Promise<void> {
  generation += 1;
  const stored = storedAddress(url);
  await popupPages.update((pages) => pages.filter((page) => storedAddress(page.url) !== stored));
}

export async function forgetCachedPages(): Promise<void> {
  generation += 1;
  await popupPages.write([]);
}

/** Reads a page's state for the popup that asked, and keeps it for the next one. */
export async function keepingPageState(url: string, read: () => Promise<PageState>): Promise<PageState> {
  const readAt = generation;
  const state = await read();
  // Not awaited: the popup that asked should not wait for the next popup's head start.
  void rememberPageState(url, state, readAt).catch(() => undefined);
  return state;
}

/** A changed or deleted report may be listed in a page the popup would draw from its cache. */
export async function forgettingCachedPages<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  await forgetCachedPages();
  return result;
}

/** A report started, finished or failed; another service, key or default; a permission given or taken back. */
export function registerPopupCache(): void {
  onJobChange((job) => void forgetCachedPage(job.url));
  watchConnection(() => void forgetCachedPages());
  watchPreferences(() => void forgetCachedPages());
  browser.permissions.onAdded.addListener(() => void forgetCachedPages());
  browser.permissions.onRemoved.addListener(() => void forgetCachedPages());
}
