import { browser } from 'wxt/browser';
import {
  readHandover,
  readPreferences,
  savedKey,
  siteLimits,
  watches,
  watchSettings,
  writeAgency,
  writePreferences,
  writeTracker,
} from '@/lib/storage';
import type { SettingsImportPreview, SettingsImportResult } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { announce } from '@/lib/background/connection';
import { scheduleWork } from '@/lib/background/runs/run-engine';
import { applyServices, servicesForExport } from '@/lib/background/settings-file/services-part';
import { changesAnything, mergePart, type CurrentSettings, type PartChange } from '@/lib/background/settings-file/import-merge';
import { partPreview } from '@/lib/background/settings-file/import-summary';
import { managedPolicy } from '@/lib/background/managed/managed-policy';
import { t } from '@/lib/shared/i18n';
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

const mergeOptions = () => ({ now: Date.now(), newId: () => crypto.randomUUID() });

export async function readCurrentSettings(): Promise<CurrentSettings> {
  const [services, key, preferences, handover, limits, watchList, alerts] = await Promise.all([
    servicesForExport(false),
    savedKey(),
    readPreferences(),
    readHandover(),
    siteLimits.read(),
    watches.read(),
    watchSettings.read(),
  ]);
  return {
    services,
    keyOrigin: key?.origin ?? null,
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

/** The address the organisation locked, when a file would change it: that part is left out. */
async function lockedAddress(file: SettingsFileContent): Promise<string | null> {
  const services = file.parts.services;
  if (!services?.ok || services.value.length === 0) return null;
  const policy = await managedPolicy();
  return policy.lockServiceAddress && services.value[0]!.baseUrl !== policy.serviceAddress ? policy.serviceAddress : null;
}

function changesOf(file: SettingsFileContent, current: CurrentSettings, locked: string | null): Changes {
  const changes: Record<string, { value: unknown; change: PartChange }> = {};
  for (const part of SETTINGS_PARTS) {
    const reading = file.parts[part];
    if (part === 'services' && locked !== null) continue;
    if (reading?.ok) changes[part] = { value: reading.value, change: mergePart(part, current, reading.value, mergeOptions()).change };
  }
  return changes as Changes;
}

async function previewOf(file: SettingsFileContent, changes: Changes, locked: string | null): Promise<SettingsImportPreview> {
  const parts = SETTINGS_PARTS.flatMap((part) => {
    const reading = file.parts[part];
    if (!reading) return [];
    const preview = partPreview(part, reading, changes[part]?.change ?? null);
    return [part === 'services' && locked !== null ? { ...preview, state: 'invalid' as const, lines: [t('managedAddressLocked')] } : preview];
  });
  const service = changes.services;
  const address = service && service.change.kind === 'service' ? service.change.address : null;
  const askAccess = address !== null && !(await browser.permissions.contains({ origins: [originPattern(address)] }));
  return {
    parts,
    withKeys: file.withKeys,
    applicable: parts.filter((part) => part.state === 'changes').length,
    serviceAddress: askAccess ? address : null,
  };
}

export async function previewImport(text: string): Promise<SettingsImportPreview> {
  const file = readSettingsFile(text);
  const locked = await lockedAddress(file);
  return previewOf(file, changesOf(file, await readCurrentSettings(), locked), locked);
}

/** Writes one part, merged again with what is stored at the moment of writing. */
async function writePart(part: SettingsPart, value: PartValues[SettingsPart]): Promise<void> {
  const options = mergeOptions();
  const current = await readCurrentSettings();
  switch (part) {
    case 'services':
      return applyServices(value as PartValues['services']);
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
  const changes = changesOf(file, await readCurrentSettings(), await lockedAddress(file));
  const applied: string[] = [];
  for (const part of SETTINGS_PARTS) {
    const entry = changes[part];
    if (!entry || !changesAnything(entry.change)) continue;
    await writePart(part, entry.value);
    applied.push(part);
  }
  return { applied };
}
