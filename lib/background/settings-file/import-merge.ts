import { ACCEPTED_MAX, LIMITS_MAX_SITES, MAX_WATCHES, type Preferences, type Watch, type Webhook } from '@/lib/protocol';
import type { Agency } from '@/lib/shared/agency';
import { TRACKERS_MAX, type IssueTracker } from '@/lib/shared/issue-tracker';
import type { AcceptedFinding, SiteLimits } from '@/lib/shared/site-limits';
import { samePage } from '@/lib/shared/page-address';
import type { FileService } from '@/lib/background/settings-file/services-part';
import type { PartValues, SettingsPart } from '@/lib/background/settings-file/settings-file-format';

/**
 * What importing each part of a settings file makes of the settings in place, pure: the settings
 * after, and what changed. Lists and per-site records are merged (an entry of the file adds, or
 * replaces the one for the same page, site or finding; others stay); single settings are replaced.
 */

export interface CurrentSettings {
  /** Without keys. */
  services: FileService[];
  /** The origin the saved key is bound to. */
  keyOrigin: string | null;
  preferences: Preferences;
  agency: Agency;
  trackers: Record<string, IssueTracker>;
  siteLimits: Record<string, SiteLimits>;
  accepted: AcceptedFinding[];
  watches: Watch[];
  watchSettings: { scoreDrop: number; webhook: Webhook | null };
}

export type PartChange =
  | { kind: 'entries'; added: string[]; replaced: string[]; leftOut: number; max: number }
  | { kind: 'fields'; changed: number }
  | { kind: 'service'; address: string | null; key: 'set' | 'kept' | 'needed'; otherChanges: number };

export interface PartMerge<P extends SettingsPart> {
  next: CurrentSettings[P];
  change: PartChange;
}

/** Whether a change changes anything. */
export function changesAnything(change: PartChange): boolean {
  if (change.kind === 'entries') return change.added.length + change.replaced.length > 0;
  if (change.kind === 'fields') return change.changed > 0;
  return change.address !== null || change.key === 'set' || change.otherChanges > 0;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changedFields<T extends object>(current: T, imported: T): number {
  return (Object.keys(imported) as (keyof T)[]).filter((key) => !same(current[key], imported[key])).length;
}

function mergeRecord<T>(current: Record<string, T>, imported: Record<string, T>, max: number): { next: Record<string, T>; change: PartChange } {
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
): { next: T[]; change: PartChange } {
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

function mergeServices(current: CurrentSettings, imported: FileService[]): PartMerge<'services'> {
  const [service] = imported;
  const [kept] = current.services;
  if (!service) return { next: current.services, change: { kind: 'service', address: null, key: 'kept', otherChanges: 0 } };
  const keyKept = current.keyOrigin === new URL(service.baseUrl).origin;
  const { apiKey: _, ...withoutKey } = service;
  return {
    next: [withoutKey],
    change: {
      kind: 'service',
      address: kept?.baseUrl === service.baseUrl ? null : service.baseUrl,
      key: service.apiKey ? 'set' : keyKept ? 'kept' : 'needed',
      otherChanges: kept && kept.keyForSessionOnly !== service.keyForSessionOnly ? 1 : 0,
    },
  };
}

/** A watch's schedule, as a file sets it; what its checks found stays the watch's own. */
const watchSchedule = ({ privacy, every, hour, offsetMinutes, paused }: Watch) => ({ privacy, every, hour, offsetMinutes, paused });

/** What importing `part` would make of `current`. `now` and `newId` serve added watches: due from now, their ids not taken. */
export function mergePart<P extends SettingsPart>(
  part: P,
  current: CurrentSettings,
  imported: PartValues[P],
  { now, newId }: { now: number; newId: () => string },
): PartMerge<P> {
  const merged = ((): PartMerge<SettingsPart> => {
    switch (part) {
      case 'services':
        return mergeServices(current, imported as PartValues['services']);
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
      case 'watches':
        return mergeList(current.watches, imported as PartValues['watches'], {
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
    }
  })();
  return merged as PartMerge<P>;
}
