import type { SettingsPartPreview } from '@/lib/protocol';
import { t, tn } from '@/lib/shared/i18n';
import { changesAnything, type PartChange } from '@/lib/background/settings-file/import-merge';
import type { PartReading, SettingsPart } from '@/lib/background/settings-file/settings-file-format';

/** What importing a settings file would change, part by part, in words for the options page. */

const PART_TITLES = {
  services: 'settingsPartServices',
  preferences: 'settingsPartPreferences',
  agency: 'settingsPartAgency',
  trackers: 'settingsPartTrackers',
  siteLimits: 'settingsPartSiteLimits',
  accepted: 'settingsPartAccepted',
  watches: 'settingsPartWatches',
  watchSettings: 'settingsPartWatchSettings',
} as const;

/** Up to this many names are listed; more are counted. */
const NAMES_SHOWN = 3;

function entryLines(
  names: string[],
  named: 'settingsChangeAddsNamed' | 'settingsChangeReplacesNamed',
  counted: 'settingsChangeAdds' | 'settingsChangeReplaces',
) {
  if (names.length === 0) return [];
  return [names.length <= NAMES_SHOWN ? t(named, { names: names.join(', ') }) : tn(counted, names.length)];
}

/** What a file holds that importing leaves out, and why. */
function leftOutLines(change: PartChange): string[] {
  if (change.kind !== 'entries') return [];
  return [
    ...(change.leftOut > 0 ? [tn('settingsChangeLeftOut', change.leftOut, { max: change.max })] : []),
    ...(change.serviceUnknown ? [tn('settingsChangeServiceUnknown', change.serviceUnknown)] : []),
    ...(change.locked ? [t('managedAddressLocked')] : []),
  ];
}

function changeLines(change: PartChange): string[] {
  switch (change.kind) {
    case 'entries':
      return [
        ...entryLines(change.added, 'settingsChangeAddsNamed', 'settingsChangeAdds'),
        ...entryLines(change.replaced, 'settingsChangeReplacesNamed', 'settingsChangeReplaces'),
        ...(change.keysNeeded?.length ? [t('settingsChangeKeysNeeded', { names: change.keysNeeded.join(', ') })] : []),
        ...leftOutLines(change),
      ];
    case 'fields':
      return [tn('settingsChangeFields', change.changed)];
  }
}

export function partPreview(part: SettingsPart, reading: PartReading<SettingsPart>, change: PartChange | null): SettingsPartPreview {
  const title = t(PART_TITLES[part]);
  if (!reading.ok) return { part, title, state: 'invalid', lines: [t('settingsPartInvalid', { where: reading.where })] };
  // What is left out is said even when nothing else changes.
  if (!change || !changesAnything(change))
    return { part, title, state: 'same', lines: [t('settingsPartSame'), ...(change ? leftOutLines(change) : [])] };
  return { part, title, state: 'changes', lines: changeLines(change) };
}
