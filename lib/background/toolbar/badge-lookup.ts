import { isApiError } from '@/lib/api/errors';
import { connectedApi, type ApiFactory } from '@/lib/background/connection';
import { reportsForPage } from '@/lib/background/page-reports';
import { cacheKey, readCached, writeCached, type BadgeResult } from '@/lib/background/toolbar/badge-cache';
import { badgeResultOf } from '@/lib/background/toolbar/badge-paint';

/**
 * The latest result of an address, from the cache or else from the service's
 * list. Every tab that loads asks, so the asking is frugal: one request per
 * address at a time, none while the service says to slow down.
 */

const inFlight = new Map<string, Promise<BadgeResult | undefined>>();
let pausedUntil = 0;
/** Bumped when the connection changes, so an answer from the previous service is not cached. */
let generation = 0;

async function askService(url: string, factory: ApiFactory | undefined): Promise<BadgeResult | undefined> {
  const asked = generation;
  try {
    const { api } = await connectedApi(factory);
    const [latest] = await reportsForPage(api, url);
    const result = latest ? badgeResultOf(latest) : null;
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

/** The result to show, or `undefined` when it cannot be known now (not connected, service unreachable). */
export async function latestResult(url: string, factory?: ApiFactory): Promise<BadgeResult | undefined> {
  const cached = await readCached(url);
  if (cached !== undefined) return cached;
  if (Date.now() < pausedUntil) return undefined;
  const key = cacheKey(url);
  const running = inFlight.get(key);
  if (running) return running;
  const asking = askService(url, factory).finally(() => inFlight.delete(key));
  inFlight.set(key, asking);
  return asking;
}

/** Forgets a pause after the connection changed: the new service has its own limits. */
export function resetLookups(): void {
  generation += 1;
  pausedUntil = 0;
  inFlight.clear();
}
