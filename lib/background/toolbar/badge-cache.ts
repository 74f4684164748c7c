import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { addressKey, storedAddress } from '@/lib/shared/page-address';
import { RESULT_LABELS, type ResultLabel } from '@/lib/shared/score';

/**
 * The latest result per address, so that revisiting a page within a few
 * minutes does not ask the service again. Session storage: it outlives the
 * service worker (which the browser stops after 30 s idle) but not the
 * browser, and never reaches the disk.
 */

/** What the badge shows for an address; `null` when the service has no report for it. */
export type BadgeResult = { score: number | null; label: ResultLabel | null } | null;

export const BADGE_CACHE_TTL_MS = 10 * 60_000;
/** Keeps session storage small however long the browser stays open. */
const MAX_ENTRIES = 300;

const resultSchema = z
  .object({ score: z.number().nullable(), label: z.enum(RESULT_LABELS).nullable() })
  .nullable();
const entrySchema = z.object({ at: z.number(), result: resultSchema });

const cacheItem = storage.defineItem<Record<string, unknown>>('session:badgeCache', { fallback: {}, version: 1 });

/** The same key for every way of writing one address (scheme, `www.`, trailing slash, case), as `sameAddress` compares them. */
export function cacheKey(url: string): string {
  return addressKey(storedAddress(url));
}

/** The cached result, or `undefined` when there is none or it has expired. */
export async function readCached(url: string, now = Date.now()): Promise<BadgeResult | undefined> {
  const parsed = entrySchema.safeParse((await cacheItem.getValue())[cacheKey(url)]);
  if (!parsed.success || now - parsed.data.at >= BADGE_CACHE_TTL_MS || parsed.data.at > now) return undefined;
  return parsed.data.result;
}

// Writes are chained: two lookups finishing together would otherwise each
// write back the map it read, and one result would be lost.
let writes: Promise<void> = Promise.resolve();

function queueWrite(write: () => Promise<void>): Promise<void> {
  writes = writes.catch(() => undefined).then(write);
  return writes;
}

export function writeCached(url: string, result: BadgeResult, now = Date.now()): Promise<void> {
  const key = cacheKey(url);
  return queueWrite(async () => {
    // Expired entries go, and the newest stay last so the oldest are the ones dropped.
    const fresh = Object.entries(await cacheItem.getValue()).filter(([k, value]) => {
      const entry = entrySchema.safeParse(value);
      return k !== key && entry.success && now - entry.data.at < BADGE_CACHE_TTL_MS;
    });
    const kept = fresh.slice(-(MAX_ENTRIES - 1));
    await cacheItem.setValue({ ...Object.fromEntries(kept), [key]: { at: now, result } });
  });
}

export function clearCache(): Promise<void> {
  return queueWrite(() => cacheItem.removeValue());
}
