/**
 * A settings file as both sides know it: its largest size, read by the options page before the
 * file is, and checked again by the background; and its name, which says when it holds keys.
 */

/** 1 MiB: far above what the bounds of every part allow. */
export const SETTINGS_FILE_MAX_BYTES = 1_048_576;

/** `site-report-settings-2026-11-26.json`, or `…-with-keys.json` when it holds keys. */
export function settingsFileName(date: Date, withKeys: boolean): string {
  return `site-report-settings-${date.toISOString().slice(0, 10)}${withKeys ? '-with-keys' : ''}.json`;
}
