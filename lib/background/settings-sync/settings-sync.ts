import { browser } from 'wxt/browser';
import { announce } from '@/lib/background/connection';
import { keptServices } from '@/lib/background/settings-file/services-part';
import { copyOf, fingerprintOf, SYNC_WRITE_GAP_MS, usableCopy } from '@/lib/background/settings-sync/sync-copy';
import { mergeSyncedCopy } from '@/lib/background/settings-sync/sync-merge';
import type { RequestOf, SettingsSyncView } from '@/lib/protocol';
import { afterStart } from '@/lib/background/start-work';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import {
  changeTimeAfter,
  keepFormerPreferences,
  readPreferences,
  readRemovedServices,
  readServiceList,
  readSyncedCopy,
  settingsSync,
  SETTINGS_SYNC_OFF,
  watchPreferences,
  watchServices,
  watchSyncedCopy,
  writeSyncedCopy,
} from '@/lib/storage';

/**
 * "Sync without secrets": with the setting on, this browser's default privacy and services (never a
 * key), and the services removed, are copied to the account's sync a moment after each change, and
 * another browser's copy is merged in when it arrives. One change at a time; with the setting off,
 * nothing more is read.
 */

const queue = createSerialQueue();
let timer: ReturnType<typeof setTimeout> | undefined;
const warn = (error: unknown) => console.warn('Settings sync failed', error);

/** This browser's settings as a copy, and its fingerprint. */
async function localCopy(writtenAt: number) {
  const [list, preferences, removed] = await Promise.all([readServiceList(), readPreferences(), readRemovedServices()]);
  const made = copyOf(list, preferences, writtenAt, removed);
  return { ...made, fingerprint: fingerprintOf(made.copy) };
}

/** Writes this browser's copy unless sync holds one of a newer version, or (unless `always`) the same settings. */
async function writeCopy(always: boolean): Promise<void> {
  const state = await settingsSync.read();
  if (!state.enabled) return;
  if ((await readSyncedCopy()).state === 'newer') {
    await settingsSync.update((s) => ({ ...s, problem: 'newer-copy' }));
    return announce('settingsSync');
  }
  const now = changeTimeAfter(state);
  const { copy, trimmed, fingerprint } = await localCopy(now);
  if (!always && fingerprint === state.fingerprint && trimmed === state.trimmed) return;
  // Kept before the write: the change the write makes is then known as this browser's own.
  await settingsSync.update((s) => ({ ...s, writtenAt: now, fingerprint, trimmed }));
  const problem = await writeSyncedCopy(copy).then(
    () => null,
    (error: unknown) => {
      warn(error);
      return 'write-failed' as const;
    },
  );
  await settingsSync.update((s) => ({ ...s, problem, fingerprint: problem ? null : s.fingerprint }));
  announce('settingsSync');
}

/**
 * A local change: the copy is written once changes pause for SYNC_WRITE_GAP_MS, so two writes are never
 * closer. The event that made the change keeps the worker alive far longer than the wait; a worker stopped
 * within it all the same (the browser closed) writes the change at its next start (`catchUp`).
 */
function writeSoon(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void queue(() => writeCopy(false)).catch(warn), SYNC_WRITE_GAP_MS);
}

/** The copy in sync changed: another browser's is merged in; this browser's own, or one alike, changes nothing. */
async function readCopy(): Promise<void> {
  const state = await settingsSync.read();
  if (!state.enabled) return;
  const reading = await readSyncedCopy();
  if (reading.state === 'none') return;
  const copy = reading.state === 'ok' ? usableCopy(reading.copy) : null;
  if (!copy) {
    await settingsSync.update((s) => ({ ...s, problem: reading.state === 'newer' ? 'newer-copy' : 'bad-copy' }));
    return announce('settingsSync');
  }
  // This browser's own copy coming back, or one alike: nothing to merge, and no copy at fault.
  if (fingerprintOf(copy) === state.fingerprint) return void (await settingsSync.update((s) => ({ ...s, problem: null })));
  await mergeSyncedCopy(copy, copy.writtenAt > (state.writtenAt ?? 0));
  const { fingerprint } = await localCopy(0);
  await settingsSync.update((s) => ({ ...s, readAt: copy.writtenAt, fingerprint, problem: null }));
  announce('settingsSync');
}

/** What the options page shows of the setting. */
export async function settingsSyncView(choice?: SettingsSyncView['choice']): Promise<SettingsSyncView> {
  const { fingerprint: _, ...state } = await settingsSync.read();
  const keysNeeded = state.enabled ? (await keptServices()).services.filter((s) => !s.keySet).map((s) => s.name) : [];
  return { ...state, keysNeeded, choice };
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
    // The write below names a copy of a newer version, and replaces a bad one.
    const used = choice === 'useSynced' ? synced : null;
    await settingsSync.write({ ...SETTINGS_SYNC_OFF, enabled: true, readAt: used?.writtenAt ?? null });
    if (used) await mergeSyncedCopy(used, true);
    await writeCopy(true);
    return undefined;
  });
  if (!asked) announce('settingsSync');
  return settingsSyncView(asked);
}

/**
 * A change this browser's copy does not hold yet (a worker stopped within the wait, a write that failed) is written
 * soon: the state keeps the fingerprint of the last copy written or merged.
 */
async function catchUp(): Promise<void> {
  const state = await settingsSync.read();
  if (state.enabled && (await localCopy(0)).fingerprint !== state.fingerprint) writeSoon();
}

/** Listeners, and once the start is over, the change a stopped worker left unwritten; after an update, the preferences kept in sync before. */
export function registerSettingsSync(): void {
  const changed = () => {
    void settingsSync.read().then((state) => state.enabled && writeSoon());
  };
  watchServices(changed);
  watchPreferences(changed);
  watchSyncedCopy(() => void queue(readCopy).catch(warn));
  afterStart(() => queue(catchUp));
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'update') void queue(keepFormerPreferences).catch(warn);
  });
}
