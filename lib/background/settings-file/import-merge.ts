import { ACCEPTED_MAX, LIMITS_MAX_SITES, MAX_WATCHES, type Preferences, type Watch, type Webhook } from '@/lib/protocol';
import type { Agency } from '@/lib/shared/agency';
import { TRACKERS_MAX, type IssueTracker } from '@/lib/shared/issue-tracker';
import type { AcceptedFinding, SiteLimits } from '@/lib/shared/site-limits';
import { samePage } from '@/lib/shared/page-address';
import { SERVICES_MAX } from '@/lib/shared/service-bounds';
import type { FileService, KeptService } from '@/lib/background/settings-file/services-part';
import type { PartValues, SettingsPart } from '@/lib/background/settings-file/settings-file-format';

/**
 * What importing each part of a settings file makes of the settings in place, pure: the settings
 * after, and what changed. Lists and per-site records are merged (an entry of the file adds, or
 * replaces the one for the same page, site or finding; others stay); single settings are replaced.
 */

export interface CurrentSettings {
  /** Without keys: whether each has one. */
  services: KeptService[];
  preferences: Preferences;
  agency: Agency;
  trackers: Record<string, IssueTracker>;
  siteLimits: Record<string, SiteLimits>;
  accepted: AcceptedFinding[];
  watches: Watch[];
  watchSettings: { scoreDrop: number; webhook: Webhook | null };
}

export type PartChange =
  | {
      kind: 'entries';
      added: string[];
      replaced: string[];
      leftOut: number;
      max: number;
      /** Services added or replaced whose key must then be typed. */
      keysNeeded?: string[];
      /** Services left out as they would change the address the organisation locked. */
      locked?: number;
      /** Watches left out as their service is neither in the file nor kept. */
      serviceUnknown?: number;
    }
  | { kind: 'fields'; changed: number };

/** What a merge needs besides the settings: the time and new ids for added watches, the locked address and the ids services end with. */
export interface MergeOptions {
  now: number;
  newId: () => string;
  /** The address the organisation locked: the kept service there keeps it. */
  lockedAddress: string | null;
  /** Each service id a watch may name, file's or kept, and the id it is kept by after the import. */
  serviceIds: ReadonlyMap<string, string>;
}

type EntriesChange = Extract<PartChange, { kind: 'entries' }>;

/** The settings a merge writes: the services as the file has them, with the ids they are kept by. */
type MergedSettings = Omit<CurrentSettings, 'services'> & { services: FileService[] };

export interface PartMerge<P extends SettingsPart> {
  next: MergedSettings[P];
  change: PartChange;
}

/** Whether a change changes anything. */
export function changesAnything(change: PartChange): boolean {
  if (change.kind === 'entries') return change.added.length + change.replaced.length > 0;
  return change.changed > 0;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changedFields<T extends object>(current: T, imported: T): number {
  return (Object.keys(imported) as (keyof T)[]).filter((key) => !same(current[key], imported[key])).length;
}

function mergeRecord<T>(current: Record<string, T>, imported: Record<string, T>, max: number): { next: Record<string, T>; change: EntriesChange } {
  const next = { ...current };
  const added: string[] = [];
  const replaced: string[] = [];
  let leftOut = 0;
  for (const [key, value] of Object.entries(imported)) {
    if (key in next) {
      if (!same(next[key], value)) replaced.push(key);
      next[key] = value;
    } else if (Object.keys(next).length < max) {
      added.push(key);
      next[key] = value;
    } else leftOut += 1;
  }
  return { next, change: { kind: 'entries', added, replaced, leftOut, max } };
}

function mergeList<T>(
  current: readonly T[],
  imported: readonly T[],
  options: { max: number; matches: (a: T, b: T) => boolean; name: (entry: T) => string; replace: (kept: T, from: T) => T; add: (entry: T) => T },
): { next: T[]; change: EntriesChange } {
  const next = [...current];
  const added: string[] = [];
  const replaced: string[] = [];
  let leftOut = 0;
  for (const entry of imported) {
    const index = next.findIndex((kept) => options.matches(kept, entry));
    if (index >= 0) {
      const merged = options.replace(next[index]!, entry);
      if (!same(merged, next[index])) replaced.push(options.name(entry));
      next[index] = merged;
    } else if (next.length < options.max) {
      added.push(options.name(entry));
      next.push(options.add(entry));
    } else leftOut += 1;
  }
  return { next, change: { kind: 'entries', added, replaced, leftOut, max: options.max } };
}

const sameOrigin = (a: string, b: string) => new URL(a).origin === new URL(b).origin;

/** The kept service a file's service (or any entry naming one) stands for: the one with its id, else the one at its address. */
export const keptFor = <T extends { id: string; baseUrl: string }>(kept: readonly T[], service: { id: string; baseUrl: string }): T | undefined =>
  kept.find((entry) => entry.id === service.id) ?? kept.find((entry) => entry.baseUrl === service.baseUrl);

/**
 * The file's services, each with the id it is kept by: a match keeps its id, others keep the file's.
 * Those left out (beyond SERVICES_MAX, or changing the locked address) are not in `next`.
 */
export function mergeServices(
  current: Pick<CurrentSettings, 'services'>,
  imported: FileService[],
  lockedAddress: string | null,
): PartMerge<'services'> {
  const next: FileService[] = [];
  const added: string[] = [];
  const replaced: string[] = [];
  const keysNeeded: string[] = [];
  let leftOut = 0;
  let locked = 0;
  let count = current.services.length;
  for (const service of imported) {
    const kept = keptFor(current.services, service);
    if (kept && lockedAddress !== null && kept.baseUrl === lockedAddress && service.baseUrl !== lockedAddress) {
      locked += 1;
      continue;
    }
    if (!kept && count >= SERVICES_MAX) {
      leftOut += 1;
      continue;
    }
    const merged = { ...service, id: kept?.id ?? service.id };
    const { apiKey, ...withoutKey } = merged;
    if (kept) {
      const { keySet: _, ...keptWithoutKey } = kept;
      if (same(withoutKey, keptWithoutKey) && apiKey === undefined) continue;
      replaced.push(service.name);
    } else {
      added.push(`${service.name} (${new URL(service.baseUrl).host})`);
      count += 1;
    }
    if (apiKey === undefined && !(kept?.keySet && sameOrigin(kept.baseUrl, service.baseUrl))) keysNeeded.push(service.name);
    next.push(merged);
  }
  return { next, change: { kind: 'entries', added, replaced, leftOut, max: SERVICES_MAX, keysNeeded, locked } };
}

/** Each service id a watch may name after importing `imported` (absent: no services in the file), mapped to the id it is kept by. */
export function serviceIdsAfter(
  current: Pick<CurrentSettings, 'services'>,
  imported: FileService[] | undefined,
  lockedAddress: string | null,
): ReadonlyMap<string, string> {
  const ids = new Map(current.services.map((service) => [service.id, service.id]));
  if (imported) for (const service of mergeServices(current, imported, lockedAddress).next) ids.set(service.id, service.id);
  for (const service of imported ?? []) {
    const kept = keptFor(current.services, service);
    if (kept) ids.set(service.id, kept.id);
  }
  return ids;
}

/** A watch's schedule, as a file sets it; what its checks found stays the watch's own. */
const watchSchedule = ({ privacy, every, hour, offsetMinutes, paused }: Watch) => ({ privacy, every, hour, offsetMinutes, paused });

/** What importing `part` would make of `current`. `now` and `newId` serve added watches: due from now, their ids not taken. */
export function mergePart<P extends SettingsPart>(
  part: P,
  current: CurrentSettings,
  imported: PartValues[P],
  { now, newId, lockedAddress, serviceIds }: MergeOptions,
): PartMerge<P> {
  const merged = ((): PartMerge<SettingsPart> => {
    switch (part) {
      case 'services':
        return mergeServices(current, imported as PartValues['services'], lockedAddress);
      case 'preferences':
      case 'agency':
      case 'watchSettings': {
        const value = imported as CurrentSettings['preferences' | 'agency' | 'watchSettings'];
        return { next: value, change: { kind: 'fields', changed: changedFields(current[part] as object, value as object) } };
      }
      case 'trackers':
        return mergeRecord(current.trackers, imported as PartValues['trackers'], TRACKERS_MAX);
      case 'siteLimits':
        return mergeRecord(current.siteLimits, imported as PartValues['siteLimits'], LIMITS_MAX_SITES);
      case 'accepted':
        return mergeList(current.accepted, imported as PartValues['accepted'], {
          max: ACCEPTED_MAX,
          matches: (a, b) => a.project === b.project && a.check === b.check && a.address === b.address,
          name: (entry) => `${entry.check} (${entry.address ?? entry.project})`,
          replace: (kept, from) => ({ ...from, id: kept.id }),
          add: (entry) => (current.accepted.some((kept) => kept.id === entry.id) ? { ...entry, id: newId() } : entry),
        });
      case 'watches': {
        const importable = (imported as PartValues['watches']).flatMap((watch) => {
          if (watch.service === undefined) return [watch];
          const service = serviceIds.get(watch.service);
          return service === undefined ? [] : [{ ...watch, service }];
        });
        const merged = mergeList(current.watches, importable, {
          max: MAX_WATCHES,
          matches: (a, b) => samePage(a.url, b.url),
          name: (watch) => watch.url,
          replace: (kept, from) => ({ ...kept, ...watchSchedule(from) }),
          add: (watch) => ({
            ...watch,
            id: current.watches.some((kept) => kept.id === watch.id) ? newId() : watch.id,
            // Checked from now on its schedule, not all at once for the slots it missed.
            lastCheckAt: Math.max(watch.lastCheckAt ?? 0, now),
          }),
        });
        const serviceUnknown = (imported as PartValues['watches']).length - importable.length;
        return { next: merged.next, change: { ...merged.change, serviceUnknown } };
      }
    }
  })();
  return merged as PartMerge<P>;
}
