import { lazy, z } from '@/lib/zod';
import { serviceSchema, type Service } from '@/lib/protocol';
import { readService, readServiceList, writeDefaultServiceId, writeService } from '@/lib/storage';

/**
 * The named services as a settings file carries them, and the only place that file work reads or
 * writes them: each service (id, name, address, where its key is kept), its key only in a file
 * exported with keys, and which one is the default.
 */

export const fileServiceSchema = lazy(() =>
  z.extend(serviceSchema, {
    /** Only in a file the user asked to export with keys. */
    apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  }),
);
export type FileService = z.infer<typeof fileServiceSchema>;

/** A kept service as a file's import compares with it: whether a key is saved for its address. */
export type KeptService = Service & { keySet: boolean };

/** The services as a file holds them, the default first; their keys only when `includeKeys`. */
export async function servicesForExport(includeKeys: boolean): Promise<{ services: FileService[]; defaultId: string | null }> {
  const { services, defaultId } = await readServiceList();
  const ordered = [...services.filter((service) => service.id === defaultId), ...services.filter((service) => service.id !== defaultId)];
  const withKeys = await Promise.all(
    ordered.map(async (service): Promise<FileService> => {
      if (!includeKeys) return service;
      const apiKey = (await readService(service.id))?.apiKey;
      return apiKey ? { ...service, apiKey } : service;
    }),
  );
  return { services: withKeys, defaultId };
}

/** The kept services, each with whether its key is saved, and the default's id. */
export async function keptServices(): Promise<{ services: KeptService[]; defaultId: string | null }> {
  const { services, defaultId } = await readServiceList();
  const withKeys = await Promise.all(services.map(async (service) => ({ ...service, keySet: Boolean((await readService(service.id))?.apiKey) })));
  return { services: withKeys, defaultId };
}

/**
 * Writes the services an import keeps (already merged: each with the id it is kept by), each changed at
 * `changedAt` (absent: now). A service without a key in the file keeps its saved key only when its
 * origin stays the same. The file's default becomes the default only when the user had no service.
 */
export async function applyServices(services: readonly FileService[], fileDefaultId: string | null, changedAt?: number): Promise<void> {
  const before = await readServiceList();
  for (const service of services) {
    const kept = await readService(service.id);
    const sameOrigin = kept !== null && new URL(kept.service.baseUrl).origin === new URL(service.baseUrl).origin;
    await writeService({
      id: service.id,
      name: service.name,
      baseUrl: service.baseUrl,
      apiKey: service.apiKey ?? (sameOrigin ? kept.apiKey : ''),
      keyForSessionOnly: service.keyForSessionOnly,
      ...(changedAt === undefined ? {} : { changedAt }),
    });
  }
  if (before.services.length === 0 && fileDefaultId !== null && services.some((service) => service.id === fileDefaultId)) {
    await writeDefaultServiceId(fileDefaultId);
  }
}
