import { readHandover, readPreferences, siteLimits, watches, watchSettings } from '@/lib/storage';
import { settingsFileName } from '@/lib/shared/settings-file';
import { servicesForExport } from '@/lib/background/settings-file/services-part';
import { SETTINGS_FORMAT, SETTINGS_VERSION, type SettingsFile } from '@/lib/background/settings-file/settings-file-format';

/**
 * The user's settings as one file: the services (keys and the webhook's address only when asked), preferences, the agency and
 * trackers, site limits, accepted findings, watches and their alert settings. Never caches, runs,
 * queues or history.
 */
export async function exportSettings(includeKeys: boolean, now = new Date()): Promise<{ fileName: string; text: string }> {
  const [{ services, defaultId }, preferences, handover, limits, watchList, alerts] = await Promise.all([
    servicesForExport(includeKeys),
    readPreferences(),
    readHandover(),
    siteLimits.read(),
    watches.read(),
    watchSettings.read(),
  ]);
  const webhook = includeKeys ? alerts.webhook : undefined;
  const withKeys = services.some((service) => service.apiKey !== undefined) || Boolean(webhook);
  const file: SettingsFile = {
    format: SETTINGS_FORMAT,
    version: SETTINGS_VERSION,
    exportedAt: now.toISOString(),
    withKeys,
    ...(defaultId !== null ? { defaultService: defaultId } : {}),
    services,
    preferences,
    agency: handover.agency,
    trackers: handover.trackers,
    siteLimits: limits.limits,
    accepted: limits.accepted,
    watches: watchList,
    watchSettings: { scoreDrop: alerts.scoreDrop, ...(webhook !== undefined ? { webhook } : {}) },
  };
  return { fileName: settingsFileName(now, withKeys), text: JSON.stringify(file, null, 2) };
}
