import { mergeServices, serviceIdsAfter } from '@/lib/background/settings-file/import-merge';
import { applyServices, keptServices } from '@/lib/background/settings-file/services-part';
import { managedPolicy } from '@/lib/background/managed/managed-policy';
import { writeDefaultServiceId, writePreferences, type SyncedCopy } from '@/lib/storage';

/**
 * Another browser's copy merged into this one's settings, the way a settings file's services are:
 * matched by id, else address; new ones added without a key; the address the organisation locked
 * kept. With `newest`, the copy's default service and privacy are taken too.
 */
export async function mergeSyncedCopy(copy: SyncedCopy, newest: boolean): Promise<void> {
  const [{ services }, policy] = await Promise.all([keptServices(), managedPolicy()]);
  const locked = policy.lockServiceAddress ? policy.serviceAddress : null;
  const current = { services };
  const merged = mergeServices(current, copy.services, locked);
  await applyServices(merged.next, copy.defaultId);
  if (!newest) return;
  const defaultId = copy.defaultId === null ? undefined : serviceIdsAfter(current, copy.services, locked).get(copy.defaultId);
  if (defaultId !== undefined) await writeDefaultServiceId(defaultId);
  await writePreferences({ defaultPrivacy: copy.preferences.defaultPrivacy });
}
