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

function changeLines(change: PartChange): string[] {
  switch (change.kind) {
    case 'entries':
      return [
        ...entryLines(change.added, 'settingsChangeAddsNamed', 'settingsChangeAdds'),
        ...entryLines(change.replaced, 'settingsChangeReplacesNamed', 'settingsChangeReplaces'),
        ...(change.leftOut > 0 ? [tn('settingsChangeLeftOut', change.leftOut, { max: change.max })] : []),
      ];
    case 'fields':
      return [tn('settingsChangeFields', change.changed)];
    case 'service':
      return [
        ...(change.address !== null ? [t('settingsChangeAddress', { address: change.address })] : []),
        ...(change.otherChanges > 0 ? [tn('settingsChangeFields', change.otherChanges)] : []),
        ...(change.key === 'set' ? [t('settingsChangeKeySet')] : change.key === 'needed' ? [t('settingsChangeKeyNeeded')] : []),
      ];
  }
}

export function partPreview(part: SettingsPart, reading: PartReading<SettingsPart>, change: PartChange | null): SettingsPartPreview {
  const title = t(PART_TITLES[part]);
  if (!reading.ok) return { part, title, state: 'invalid', lines: [t('settingsPartInvalid', { where: reading.where })] };
  if (!change || !changesAnything(change)) return { part, title, state: 'same', lines: [t('settingsPartSame')] };
  return { part, title, state: 'changes', lines: changeLines(change) };
}
