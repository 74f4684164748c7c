import { lazy, z } from '@/lib/zod';
import { readConnectionAndLifetime, savedKey, writeConnection } from '@/lib/storage';

/**
 * The report services as a settings file carries them, and the only place that file work reads or
 * writes them. Today the extension keeps one connection: it reads as a list of one, and the first
 * service of a file is the one applied.
 */

export const SERVICES_MAX = 20;

export const fileServiceSchema = lazy(() =>
  z.object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    name: z.string().check(z.maxLength(100)),
    baseUrl: z.string().check(z.minLength(1), z.maxLength(2048)),
    keyForSessionOnly: z.boolean(),
    /** Only in a file the user asked to export with keys. */
    apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  }),
);
export type FileService = z.infer<typeof fileServiceSchema>;

const ONLY_SERVICE_ID = 'default';

/** The services as a file holds them; their keys only when `includeKeys`. */
export async function servicesForExport(includeKeys: boolean): Promise<FileService[]> {
  const { connection, keyForSessionOnly } = await readConnectionAndLifetime();
  if (!connection) return [];
  const service: FileService = { id: ONLY_SERVICE_ID, name: new URL(connection.baseUrl).host, baseUrl: connection.baseUrl, keyForSessionOnly };
  return [includeKeys && connection.apiKey ? { ...service, apiKey: connection.apiKey } : service];
}

/**
 * Keeps the services of a file (already checked: addresses normalised, keys long enough). A service
 * without a key keeps the saved key only when its origin is the one the key was saved for.
 */
export async function applyServices(imported: readonly FileService[]): Promise<void> {
  const [service] = imported;
  if (!service) return;
  const saved = await savedKey();
  const keptKey = saved && saved.origin === new URL(service.baseUrl).origin ? saved.key : '';
  await writeConnection({ baseUrl: service.baseUrl, apiKey: service.apiKey ?? keptKey, keyForSessionOnly: service.keyForSessionOnly });
}
