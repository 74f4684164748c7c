import { browser } from 'wxt/browser';
import type { PageState } from '@/lib/protocol';
import { storedAddress } from '@/lib/shared/page-address';
import { readCachedPages, writeCachedPages, type CachedPage } from '@/lib/page-cache';
import { watchConnection, watchPreferences } from '@/lib/storage';
import { onJobChange } from '@/lib/background/report-jobs';

/**
 * Keeps the popup's cache of page states (lib/page-cache.ts) true enough to
 * draw before the service answers: a page is kept only in a state the popup
 * would show the same way a moment later (no report job, its list loaded),
 * and forgotten as soon as that can change.
 */

let queue: Promise<unknown> = Promise.resolve();
/** Counts forgets: a state read before one of them may already be out of date. */
let generation = 0;

/** One change at a time: two read-modify-writes racing would bring back a page just forgotten. */
function update(change: (pages: CachedPage[]) => CachedPage[]): Promise<void> {
  const next = queue.then(async () => writeCachedPages(change(await readCachedPages())));
  queue = next.catch(() => undefined);
  return next;
}

/** Taken before the page state is read, and handed to `rememberPageState` with it. */
export const cacheGeneration = () => generation;

/** Kept only if nothing was forgotten since `readAt` (a report started meanwhile, say). */
export function rememberPageState(url: string, state: PageState, readAt: number): Promise<void> {
  return update((pages) => {
    const others = pages.filter((page) => page.url !== url);
    if (state.job || state.reportsError || readAt !== generation) return others;
    return [{ url, settings: state.settings, reports: state.reports, at: Date.now() }, ...others];
  });
}

/** Every cached address the service would store as the same page (http and https, with and without www). */
export function forgetCachedPage(url: string): Promise<void> {
  generation += 1;
  const stored = storedAddress(url);
  return update((pages) => pages.filter((page) => storedAddress(page.url) !== stored));
}

export function forgetCachedPages(): Promise<void> {
  generation += 1;
  return update(() => []);
}

/** Reads a page's state for the popup that asked, and keeps it for the next one. */
export async function keepingPageState(url: string, read: () => Promise<PageState>): Promise<PageState> {
  const readAt = generation;
  const state = await read();
  // Not awaited: the popup that asked should not wait for the next popup's head start.
  void rememberPageState(url, state, readAt);
  return state;
}

/** A changed or deleted report may be listed in a page the popup would draw from its cache. */
export async function forgettingCachedPages<T>(work: Promise<T>): Promise<T> {
  const result = await work;
  await forgetCachedPages();
  return result;
}

/** A report started, finished or failed; another service, key or default; a permission given or taken back. */
export function registerPageCache(): void {
  onJobChange((job) => void forgetCachedPage(job.url));
  watchConnection(() => void forgetCachedPages());
  watchPreferences(() => void forgetCachedPages());
  browser.permissions.onAdded.addListener(() => void forgetCachedPages());
  browser.permissions.onRemoved.addListener(() => void forgetCachedPages());
}
