import { browser } from 'wxt/browser';
import { readHandover, readPreferences, siteLimits, watches, watchSettings, writeAgency, writePreferences, writeTracker } from '@/lib/storage';
import type { SettingsImportPreview, SettingsImportResult } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { announce } from '@/lib/background/connection';
import { scheduleWork } from '@/lib/background/runs/run-engine';
import { applyServices, keptServices } from '@/lib/background/settings-file/services-part';
import {
  changesAnything,
  mergePart,
  serviceIdsAfter,
  type CurrentSettings,
  type MergeOptions,
  type PartChange,
} from '@/lib/background/settings-file/import-merge';
import { partPreview } from '@/lib/background/settings-file/import-summary';
import { managedPolicy } from '@/lib/background/managed/managed-policy';
import {
  readSettingsFile,
  SETTINGS_PARTS,
  type PartValues,
  type SettingsFileContent,
  type SettingsPart,
} from '@/lib/background/settings-file/settings-file-format';

/**
 * Importing a settings file: first what it would change, part by part, then, once the user applies
 * it, every valid part that changes something written through storage. Pages that show the parts are told.
 */

/** What merging `file` into `current` needs: the locked address and the service ids its watches may name. */
function mergeOptions(file: SettingsFileContent, current: CurrentSettings, lockedAddress: string | null): MergeOptions {
  const services = file.parts.services;
  return {
    now: Date.now(),
    newId: () => crypto.randomUUID(),
    lockedAddress,
    serviceIds: serviceIdsAfter(current, services?.ok ? services.value : undefined, lockedAddress),
  };
}

export async function readCurrentSettings(): Promise<CurrentSettings> {
  const [{ services }, preferences, handover, limits, watchList, alerts] = await Promise.all([
    keptServices(),
    readPreferences(),
    readHandover(),
    siteLimits.read(),
    watches.read(),
    watchSettings.read(),
  ]);
  return {
    services,
    preferences,
    agency: handover.agency,
    trackers: handover.trackers,
    siteLimits: limits.limits,
    accepted: limits.accepted,
    watches: watchList,
    watchSettings: { scoreDrop: alerts.scoreDrop, webhook: alerts.webhook },
  };
}

type Changes = { [P in SettingsPart]?: { value: PartValues[P]; change: PartChange } };

/** The address the organisation locked, when it did: the kept service there keeps it. */
async function lockedAddress(): Promise<string | null> {
  const policy = await managedPolicy();
  return policy.lockServiceAddress ? policy.serviceAddress : null;
}

function changesOf(file: SettingsFileContent, current: CurrentSettings, locked: string | null): Changes {
  const options = mergeOptions(file, current, locked);
  const changes: Record<string, { value: unknown; change: PartChange }> = {};
  for (const part of SETTINGS_PARTS) {
    const reading = file.parts[part];
    if (reading?.ok) changes[part] = { value: reading.value, change: mergePart(part, current, reading.value, options).change };
  }
  return changes as Changes;
}

async function previewOf(
  file: SettingsFileContent,
  changes: Changes,
  current: CurrentSettings,
  locked: string | null,
): Promise<SettingsImportPreview> {
  const parts = SETTINGS_PARTS.flatMap((part) => {
    const reading = file.parts[part];
    return reading ? [partPreview(part, reading, changes[part]?.change ?? null)] : [];
  });
  const services = changes.services ? mergePart('services', current, changes.services.value, mergeOptions(file, current, locked)).next : [];
  const access = await Promise.all(services.map((service) => browser.permissions.contains({ origins: [originPattern(service.baseUrl)] })));
  return {
    parts,
    withKeys: file.withKeys,
    applicable: parts.filter((part) => part.state === 'changes').length,
    serviceAddresses: [...new Set(services.filter((_, index) => !access[index]).map((service) => service.baseUrl))],
  };
}

export async function previewImport(text: string): Promise<SettingsImportPreview> {
  const file = readSettingsFile(text);
  const [locked, current] = await Promise.all([lockedAddress(), readCurrentSettings()]);
  return previewOf(file, changesOf(file, current, locked), current, locked);
}

/** Writes one part, merged again with what is stored at the moment of writing. */
async function writePart(file: SettingsFileContent, part: SettingsPart, value: PartValues[SettingsPart], locked: string | null): Promise<void> {
  const current = await readCurrentSettings();
  const options = mergeOptions(file, current, locked);
  switch (part) {
    case 'services':
      return applyServices(mergePart('services', current, value as PartValues['services'], options).next, file.defaultServiceId);
    case 'preferences':
      await writePreferences(value as PartValues['preferences']);
      return;
    case 'agency':
      await writeAgency(value as PartValues['agency']);
      return;
    case 'trackers':
      for (const [project, tracker] of Object.entries(mergePart('trackers', current, value as PartValues['trackers'], options).next)) {
        if (JSON.stringify(current.trackers[project]) !== JSON.stringify(tracker)) await writeTracker(project, tracker);
      }
      return;
    case 'siteLimits':
    case 'accepted':
      await siteLimits.update((state) => {
        const now = { ...current, siteLimits: state.limits, accepted: state.accepted };
        return part === 'siteLimits'
          ? { ...state, limits: mergePart('siteLimits', now, value as PartValues['siteLimits'], options).next }
          : { ...state, accepted: mergePart('accepted', now, value as PartValues['accepted'], options).next };
      });
      announce('limits');
      return;
    case 'watches':
      await watches.update((list) => mergePart('watches', { ...current, watches: list }, value as PartValues['watches'], options).next);
      announce('watches');
      await scheduleWork();
      return;
    case 'watchSettings':
      await watchSettings.update((settings) => ({ ...settings, ...(value as PartValues['watchSettings']) }));
      announce('watches');
      return;
  }
}

/** Applies every valid part of the file that changes something; answers which. */
export async function applyImport(text: string): Promise<SettingsImportResult> {
  const file = readSettingsFile(text);
  const locked = await lockedAddress();
  const changes = changesOf(file, await readCurrentSettings(), locked);
  const applied: string[] = [];
  for (const part of SETTINGS_PARTS) {
    const entry = changes[part];
    if (!entry || !changesAnything(entry.change)) continue;
    await writePart(file, part, entry.value, locked);
    applied.push(part);
  }
  return { applied };
}
