import { isApiError } from '@/lib/api/errors';
import { connectedApi } from '@/lib/background/connection';
import { reportsForPage } from '@/lib/background/address-reports';
import { pageKey } from '@/lib/shared/page-address';
import { badgeCache, type BadgeEntry } from '@/lib/storage';

/**
 * The latest result of an address, from the cache (session storage, so
 * revisiting a page within a few minutes does not ask the service again) or
 * else from the service's list. Every tab that loads asks, so the asking is
 * frugal: one request per address at a time, none while the service says to
 * slow down.
 */

/** What the badge shows for an address; `null` when the service has no report for it. */
export type BadgeResult = BadgeEntry['result'];

export const BADGE_CACHE_TTL_MS = 10 * 60_000;
/** Keeps session storage small however long the browser stays open. */
const MAX_ENTRIES = 300;

/** The cached result, or `undefined` when there is none or it has expired. */
export async function readCached(url: string, now = Date.now()): Promise<BadgeResult | undefined> {
  const entry = (await badgeCache.read())[pageKey(url)];
  if (!entry || now - entry.at >= BADGE_CACHE_TTL_MS || entry.at > now) return undefined;
  return entry.result;
}

export async function writeCached(url: string, result: BadgeResult, now = Date.now()): Promise<void> {
  const key = pageKey(url);
  await badgeCache.update((entries) => {
    // Expired entries go, and the newest stay last so the oldest are the ones dropped.
    const fresh = Object.entries(entries).filter(([k, entry]) => k !== key && now - entry.at < BADGE_CACHE_TTL_MS);
    return { ...Object.fromEntries(fresh.slice(-(MAX_ENTRIES - 1))), [key]: { at: now, result } };
  });
}

export const clearCache = (): Promise<void> => badgeCache.remove();

const inFlight = new Map<string, Promise<BadgeResult | undefined>>();
let pausedUntil = 0;
/** Bumped when the connection changes, so an answer from the previous service is not cached. */
let generation = 0;

async function askService(url: string): Promise<BadgeResult | undefined> {
  const asked = generation;
  try {
    const { api } = await connectedApi();
    const [latest] = (await reportsForPage(api, url)).reports;
    const result = latest ? { score: latest.score, label: latest.label } : null;
    if (asked !== generation) return undefined;
    await writeCached(url, result);
    return result;
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The badge is a nicety: after a 429 it stays quiet rather than spend the user's rate limit.
    if (error.kind === 'rate-limited') pausedUntil = Date.now() + (error.retryAfterSeconds ?? 60) * 1000;
    return undefined;
  }
}

/**
 * The service's answer for an address the cache does not hold (the caller read it first), or
 * `undefined` when it cannot be known now (not connected, service unreachable, asked to slow down).
 */
export async function askForResult(url: string): Promise<BadgeResult | undefined> {
  if (Date.now() < pausedUntil) return undefined;
  const key = pageKey(url);
  const running = inFlight.get(key);
  if (running) return running;
  const asking = askService(url).finally(() => inFlight.delete(key));
  inFlight.set(key, asking);
  return asking;
}

/** Forgets a pause after the connection changed: the new service has its own limits. */
export function resetLookups(): void {
  generation += 1;
  pausedUntil = 0;
  inFlight.clear();
}
