import { lazy, z } from '@/lib/zod';
import { userSettingSchemas } from '@/lib/storage';
import { ACCEPTED_MAX, LIMITS_MAX_SITES, MAX_WATCHES, serviceId } from '@/lib/protocol';
import { SERVICES_MAX } from '@/lib/shared/service-bounds';
import { TRACKERS_MAX } from '@/lib/shared/issue-tracker';
import { ApiError, isApiError } from '@/lib/api/errors';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { cleanKey, keyProblem } from '@/lib/shared/api-key';
import { t } from '@/lib/shared/i18n';
import { fileServiceSchema, type FileService } from '@/lib/background/settings-file/services-part';

/**
 * A settings file: one JSON object naming its format and version, then one field per part. Each part
 * is checked with the schemas storage keeps it by (lib/storage.ts `userSettingSchemas`); a part that
 * fails is named with where it fails, and the other parts still count.
 */

export const SETTINGS_FORMAT = 'site-report-settings';
export const SETTINGS_VERSION = 1;

export const SETTINGS_PARTS = ['services', 'preferences', 'agency', 'trackers', 'siteLimits', 'accepted', 'watches', 'watchSettings'] as const;
export type SettingsPart = (typeof SETTINGS_PARTS)[number];

const project = lazy(() => z.string().check(z.minLength(1), z.maxLength(255)));

/** A record of at most `max` entries. */
const boundedRecord = <T>(value: z.ZodMiniType<T>, max: number) =>
  z.record(project, value).check(z.refine((map) => Object.keys(map).length <= max, { message: `more than ${max} entries` }));

const buildPartSchemas = () => ({
  services: z.array(fileServiceSchema).check(z.maxLength(SERVICES_MAX)),
  preferences: userSettingSchemas.preferences,
  agency: userSettingSchemas.agency,
  trackers: boundedRecord(userSettingSchemas.tracker, TRACKERS_MAX),
  siteLimits: boundedRecord(userSettingSchemas.siteLimits, LIMITS_MAX_SITES),
  accepted: z.array(userSettingSchemas.accepted).check(z.maxLength(ACCEPTED_MAX)),
  watches: z.array(userSettingSchemas.watch).check(z.maxLength(MAX_WATCHES)),
  // The webhook's address can work as a password: it travels only in a file with keys.
  watchSettings: z.extend(z.pick(userSettingSchemas.watchSettings, { scoreDrop: true }), {
    webhook: z.optional(userSettingSchemas.watchSettings.shape.webhook),
  }),
});
const partSchemas = lazy(buildPartSchemas);

type PartSchemas = ReturnType<typeof buildPartSchemas>;
export type PartValues = { [P in SettingsPart]: z.infer<PartSchemas[P]> };

export type PartReading<P extends SettingsPart> = { ok: true; value: PartValues[P] } | { ok: false; where: string };

export interface SettingsFileContent {
  exportedAt: string | null;
  /** Whether the file says it holds keys. */
  withKeys: boolean;
  /** The id of the service the file names as the default, when valid. */
  defaultServiceId: string | null;
  parts: { [P in SettingsPart]?: PartReading<P> };
}

export type SettingsFile = {
  format: typeof SETTINGS_FORMAT;
  version: number;
  exportedAt: string;
  withKeys: boolean;
  /** The id of the default service among `services`. */
  defaultService?: string;
} & Partial<PartValues>;

const refused = (message: string) => new ApiError({ kind: 'validation', message });

/** Where a part fails, as a path in the file (`watches.3.hour`). */
function failedAt(part: SettingsPart, error: { issues: readonly { path: readonly PropertyKey[] }[] }): string {
  const path = error.issues[0]?.path ?? [];
  return [part, ...path.map(String)].join('.');
}

/** Services must have an address the extension accepts and, when one is given, a key long enough to be one. */
function checkServices(services: FileService[]): PartReading<'services'> {
  const normalised: FileService[] = [];
  for (const [index, service] of services.entries()) {
    let baseUrl: string;
    try {
      baseUrl = normaliseBaseUrl(service.baseUrl);
    } catch (error) {
      if (!isApiError(error)) throw error;
      return { ok: false, where: `services.${index}.baseUrl` };
    }
    const apiKey = service.apiKey === undefined ? undefined : cleanKey(service.apiKey);
    if (apiKey !== undefined && keyProblem(apiKey)) return { ok: false, where: `services.${index}.apiKey` };
    normalised.push({ ...service, baseUrl, ...(apiKey !== undefined ? { apiKey } : {}) });
  }
  return { ok: true, value: normalised };
}

function readPart<P extends SettingsPart>(part: P, value: unknown): PartReading<P> {
  const parsed = (partSchemas[part] as unknown as z.ZodMiniType<PartValues[P]>).safeParse(value);
  if (!parsed.success) return { ok: false, where: failedAt(part, parsed.error) };
  if (part === 'services') return checkServices(parsed.data as FileService[]) as PartReading<P>;
  return { ok: true, value: parsed.data };
}

/**
 * Reads a settings file's text. A file that is not JSON, not of this format, or of a newer version
 * is refused whole, with the reason in words; each part is then read on its own.
 */
export function readSettingsFile(text: string): SettingsFileContent {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw refused(t('settingsImportNotJson'));
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || (data as { format?: unknown }).format !== SETTINGS_FORMAT) {
    throw refused(t('settingsImportWrongFormat'));
  }
  const file = data as Record<string, unknown>;
  const version = file.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw refused(t('settingsImportWrongFormat'));
  if (version > SETTINGS_VERSION) throw refused(t('settingsImportNewer', { version: String(version) }));
  const parts: SettingsFileContent['parts'] = {};
  for (const part of SETTINGS_PARTS) {
    if (file[part] !== undefined) (parts as Record<SettingsPart, PartReading<SettingsPart>>)[part] = readPart(part, file[part]);
  }
  const exportedAt = typeof file.exportedAt === 'string' ? file.exportedAt.slice(0, 64) : null;
  const defaultService = serviceId.safeParse(file.defaultService);
  return { exportedAt, withKeys: file.withKeys === true, defaultServiceId: defaultService.success ? defaultService.data : null, parts };
}
