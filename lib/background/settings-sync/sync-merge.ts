import { keptFor, mergeServices, serviceIdsAfter } from '@/lib/background/settings-file/import-merge';
import { applyServices, keptServices } from '@/lib/background/settings-file/services-part';
import { managedPolicy } from '@/lib/background/managed/managed-policy';
import { removeServiceAndPermission, workOf } from '@/lib/background/service-list';
import type { Service } from '@/lib/protocol';
import {
  keepRemovedServices,
  readRemovedServices,
  readServiceChangeTimes,
  writeDefaultServiceId,
  writePreferences,
  type SyncedCopy,
} from '@/lib/storage';

/**
 * Another browser's copy merged into this one's settings, the way a settings file's services are:
 * matched by id, else address; new ones added without a key; the address the organisation locked
 * kept. The services the copy names as removed are removed here too, with their key, as a removal
 * here does. A service of the copy removed here after the copy was written is not added back. With `newest`, the
 * copy's default service and privacy are taken too.
 */
export async function mergeSyncedCopy(whole: SyncedCopy, newest: boolean): Promise<void> {
  const [{ services, defaultId }, policy, changedAt, removedHere] = await Promise.all([
    keptServices(),
    managedPolicy(),
    readServiceChangeTimes(),
    readRemovedServices(),
  ]);
  const copy = { ...whole, services: whole.services.filter((service) => (keptFor(removedHere, service)?.removedAt ?? 0) <= whole.writtenAt) };
  const locked = policy.lockServiceAddress ? policy.serviceAddress : null;
  const removed: string[] = [];
  for (const id of servicesRemovedBy(copy, services, changedAt, locked)) {
    // Work still going to a service is never dropped unasked: the service stays.
    if ((await workOf(id, defaultId)) > 0) continue;
    await removeServiceAndPermission(id);
    removed.push(id);
  }
  // Kept, so this browser's copy carries them on to the account's browsers that have not merged them yet.
  if (copy.removed) await keepRemovedServices(copy.removed);
  const current = { services: services.filter((service) => !removed.includes(service.id)) };
  const merged = mergeServices(current, copy.services, locked);
  await applyServices(merged.next, copy.defaultId, copy.writtenAt);
  if (!newest) return;
  const newDefaultId = copy.defaultId === null ? undefined : serviceIdsAfter(current, copy.services, locked).get(copy.defaultId);
  if (newDefaultId !== undefined) await writeDefaultServiceId(newDefaultId);
  await writePreferences({ defaultPrivacy: copy.preferences.defaultPrivacy });
}

/**
 * The ids of the kept services the copy's removals remove, pure. A removal stands for a kept service as a copy's
 * service does: the one with its id, else the one at its address. Kept all the same: a service one of the copy's
 * services stands for, one added or changed here after the removal, and the one at the address the organisation locked.
 */
export function servicesRemovedBy(
  copy: Pick<SyncedCopy, 'services' | 'removed'>,
  kept: readonly Service[],
  changedAt: Readonly<Record<string, number>>,
  lockedAddress: string | null,
): string[] {
  const inCopy = new Set(copy.services.map((service) => keptFor(kept, service)?.id));
  const ids = new Set<string>();
  for (const removal of copy.removed ?? []) {
    const service = keptFor(kept, removal);
    if (!service || inCopy.has(service.id) || service.baseUrl === lockedAddress) continue;
    if ((changedAt[service.id] ?? 0) < removal.removedAt) ids.add(service.id);
  }
  return [...ids];
}
