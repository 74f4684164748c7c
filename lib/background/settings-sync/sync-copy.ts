import { normaliseBaseUrl } from '@/lib/api/service-address';
import type { Preferences } from '@/lib/protocol';
import { SYNCED_COPY_FORMAT, SYNCED_COPY_NAME, SYNCED_COPY_VERSION, type RemovedService, type ServiceList, type SyncedCopy } from '@/lib/storage';

/**
 * The copy of this browser's settings kept in the account's sync, pure: the default privacy, each
 * service's id, name, address and key place, and the services removed. Never a key, a webhook or a
 * report: the copy is built field by field from what has none.
 */

/** The browser's quota per sync item (Chrome and Firefox): the item's name and its JSON together. */
export const SYNC_ITEM_MAX_BYTES = 8192;
/**
 * The least time between two writes of the copy: 30 a minute at most, a quarter of the browser's 120,
 * and within its 1800 an hour.
 */
export const SYNC_WRITE_GAP_MS = 2000;

const encoder = new TextEncoder();

/** What the browser counts of an item against its quota. */
export function syncBytesOf(value: unknown, name = SYNCED_COPY_NAME): number {
  return encoder.encode(name + JSON.stringify(value)).length;
}

/**
 * The copy of `list`, `preferences` and the services `removed` (the most recent first), written at
 * `writtenAt`, the default service first. A removal of a service the list holds again is left out.
 * Services that would take the copy past the per-item quota are left out from the end, and counted;
 * removals then fill the room left, the most recent first.
 */
export function copyOf(
  list: ServiceList,
  preferences: Preferences,
  writtenAt: number,
  removed: readonly RemovedService[] = [],
): { copy: SyncedCopy; trimmed: number } {
  // A service has no key; the copy's schema drops any other field all the same.
  const services = [...list.services.filter((s) => s.id === list.defaultId), ...list.services.filter((s) => s.id !== list.defaultId)];
  const removals = removed
    .filter((entry) => !list.services.some((s) => s.id === entry.id))
    .map(({ id, baseUrl, removedAt }) => ({ id, baseUrl, removedAt }));
  const copyWith = (count: number, removalCount: number): SyncedCopy => {
    const kept = services.slice(0, count);
    return {
      format: SYNCED_COPY_FORMAT,
      version: SYNCED_COPY_VERSION,
      writtenAt,
      preferences: { defaultPrivacy: preferences.defaultPrivacy },
      services: kept,
      // The default is first whenever there is one.
      defaultId: kept[0]?.id ?? null,
      // Absent when there are none: the copy is then the one versions before wrote.
      ...(removalCount > 0 ? { removed: removals.slice(0, removalCount) } : {}),
    };
  };
  const fits = (copy: SyncedCopy) => syncBytesOf(copy) <= SYNC_ITEM_MAX_BYTES;
  let count = services.length;
  while (count > 0 && !fits(copyWith(count, 0))) count -= 1;
  let removalCount = removals.length;
  while (removalCount > 0 && !fits(copyWith(count, removalCount))) removalCount -= 1;
  return { copy: copyWith(count, removalCount), trimmed: services.length - count };
}

/** A copy without its time: two copies alike make no change. */
export function fingerprintOf(copy: SyncedCopy): string {
  return JSON.stringify({ ...copy, writtenAt: 0 });
}

/** The copy with each address, of its services and its removals, as the extension keeps it, or null when one is not an address it accepts. */
export function usableCopy(copy: SyncedCopy): SyncedCopy | null {
  const usable = <T extends { baseUrl: string }>(entry: T): T => ({ ...entry, baseUrl: normaliseBaseUrl(entry.baseUrl) });
  try {
    return { ...copy, services: copy.services.map(usable), ...(copy.removed ? { removed: copy.removed.map(usable) } : {}) };
  } catch {
    return null;
  }
}
