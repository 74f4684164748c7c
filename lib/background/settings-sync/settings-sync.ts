import { announce } from '@/lib/background/connection';
import { keepAlive } from '@/lib/background/alive-and-connected';
import { keptServices } from '@/lib/background/settings-file/services-part';
import { copyOf, fingerprintOf, SYNC_WRITE_GAP_MS, usableCopy } from '@/lib/background/settings-sync/sync-copy';
import { mergeSyncedCopy } from '@/lib/background/settings-sync/sync-merge';
import type { RequestOf, SettingsSyncView } from '@/lib/protocol';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import {
  readPreferences,
  readServiceList,
  readSyncedCopy,
  settingsSync,
  SETTINGS_SYNC_OFF,
  watchPreferences,
  watchServices,
  watchSyncedCopy,
  writeSyncedCopy,
  type SettingsSyncState,
  type SyncedCopyReading,
} from '@/lib/storage';

/**
 * "Sync without secrets": with the setting on, this browser's default privacy and services (never a
 * key) are copied to the account's sync a moment after each change, and another browser's copy is
 * merged in when it arrives. One change at a time; nothing is read before the setting is needed.
 */

const queue = createSerialQueue();
let timer: ReturnType<typeof setTimeout> | undefined;
let lastWriteAt = 0;
let release: (() => void) | null = null;

/** This browser's settings as a copy, and its fingerprint. */
async function localCopy(writtenAt: number) {
  const [list, preferences] = await Promise.all([readServiceList(), readPreferences()]);
  const made = copyOf(list, preferences, writtenAt);
  return { ...made, fingerprint: fingerprintOf(made.copy) };
}

const problemOf = (reading: SyncedCopyReading): SettingsSyncState['problem'] =>
  reading.state === 'bad' ? 'bad-copy' : reading.state === 'newer' ? 'newer-copy' : null;

/** Writes this browser's copy unless sync holds one of a newer version, or (unless `always`) the same settings. */
async function writeCopy(always: boolean): Promise<void> {
  const state = await settingsSync.read();
  if (!state.enabled) return;
  if ((await readSyncedCopy()).state === 'newer') {
    await settingsSync.update((s) => ({ ...s, problem: 'newer-copy' }));
    return announce('settingsSync');
  }
  const now = Date.now();
  const { copy, trimmed, fingerprint } = await localCopy(now);
  if (!always && fingerprint === state.fingerprint && trimmed === state.trimmed) return;
  // Kept before the write: the change the write makes is then known as this browser's own.
  await settingsSync.update((s) => ({ ...s, writtenAt: now, fingerprint, trimmed }));
  lastWriteAt = now;
  const problem = await writeSyncedCopy(copy).then(
    () => null,
    (error: unknown) => {
      console.warn('The settings could not be written to sync', error);
      return 'write-failed' as const;
    },
  );
  await settingsSync.update((s) => ({ ...s, problem, ...(problem ? { fingerprint: null } : {}) }));
  announce('settingsSync');
}

/** A local change: the copy is written once changes pause, never sooner than SYNC_WRITE_GAP_MS after the last write. */
function writeSoon(): void {
  clearTimeout(timer);
  release ??= keepAlive();
  const wait = Math.max(SYNC_WRITE_GAP_MS, lastWriteAt + SYNC_WRITE_GAP_MS - Date.now());
  timer = setTimeout(() => {
    timer = undefined;
    void queue(() => writeCopy(false))
      .catch((error: unknown) => console.warn('The settings could not be copied to sync', error))
      .finally(() => {
        if (timer !== undefined) return;
        release?.();
        release = null;
      });
  }, wait);
}

/** The copy in sync changed: another browser's is merged in; this browser's own, or one alike, changes nothing. */
async function readCopy(): Promise<void> {
  const state = await settingsSync.read();
  if (!state.enabled) return;
  const reading = await readSyncedCopy();
  if (reading.state === 'none') return;
  const copy = reading.state === 'ok' ? usableCopy(reading.copy) : null;
  if (!copy) {
    await settingsSync.update((s) => ({ ...s, problem: problemOf(reading) ?? 'bad-copy' }));
    return announce('settingsSync');
  }
  if (fingerprintOf(copy) === state.fingerprint) {
    if (state.problem === 'bad-copy' || state.problem === 'newer-copy') await settingsSync.update((s) => ({ ...s, problem: null }));
    return;
  }
  await mergeSyncedCopy(copy, copy.writtenAt > (state.writtenAt ?? 0));
  const { fingerprint } = await localCopy(0);
  await settingsSync.update((s) => ({ ...s, readAt: copy.writtenAt, fingerprint, problem: null }));
  announce('settingsSync');
}

/** What the options page shows of the setting. */
export async function settingsSyncView(choice?: SettingsSyncView['choice']): Promise<SettingsSyncView> {
  const state = await settingsSync.read();
  const keysNeeded = state.enabled ? (await keptServices()).services.filter((s) => !s.keySet).map((s) => s.name) : [];
  return {
    enabled: state.enabled,
    writtenAt: state.writtenAt,
    readAt: state.readAt,
    trimmed: state.trimmed,
    problem: state.problem,
    keysNeeded,
    ...(choice ? { choice } : {}),
  };
}

/**
 * Turns the setting on or off. Turning it on while sync holds a copy asks first (the answer carries
 * `choice`): `useSynced` merges that copy in, its default and privacy taken; `replaceSynced` writes
 * this browser's over it. Turning it off leaves the copy for the account's other browsers.
 */
export async function setSettingsSync({ enabled, choice }: RequestOf<'setSettingsSync'>): Promise<SettingsSyncView> {
  const asked = await queue(async (): Promise<SettingsSyncView['choice']> => {
    if (!enabled) {
      clearTimeout(timer);
      await settingsSync.write(SETTINGS_SYNC_OFF);
      return undefined;
    }
    const reading = await readSyncedCopy();
    const synced = reading.state === 'ok' ? usableCopy(reading.copy) : null;
    if (synced && !choice && fingerprintOf(synced) !== (await localCopy(0)).fingerprint) {
      return { writtenAt: synced.writtenAt, services: synced.services.length };
    }
    await settingsSync.write({ ...SETTINGS_SYNC_OFF, enabled: true, problem: synced || reading.state === 'none' ? null : problemOf(reading) });
    if (synced && choice === 'useSynced') {
      await mergeSyncedCopy(synced, true);
      await settingsSync.update((s) => ({ ...s, readAt: synced.writtenAt }));
    }
    await writeCopy(true);
    return undefined;
  });
  announce('settingsSync');
  return settingsSyncView(asked);
}

/** Listeners only: nothing is read until a change comes. */
export function registerSettingsSync(): void {
  const changed = () => {
    void settingsSync.read().then((state) => state.enabled && writeSoon());
  };
  watchServices(changed);
  watchPreferences(changed);
  watchSyncedCopy(() => {
    void queue(readCopy).catch((error: unknown) => console.warn('The synced settings could not be read', error));
  });
}
