import { browser } from 'wxt/browser';
import { lazy, z } from '@/lib/zod';
import { managedApplied, readConnection, readManagedArea, savedKey, writeConnection, writePreferences } from '@/lib/storage';
import { privacy } from '@/lib/protocol';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { isApiError } from '@/lib/api/errors';

/**
 * What an organisation presets through the browser's policies (storage.managed): the service's
 * address and name, whether the address is locked, and the default privacy. Each value is checked
 * on its own; a bad one is ignored and named. Read on first need, once per worker (and again when
 * the policy changes), never at start.
 */

export interface ManagedPolicy {
  serviceAddress: string | null;
  serviceName: string | null;
  lockServiceAddress: boolean;
  defaultPrivacy: z.infer<typeof privacy> | null;
  /** The names of the values set but not usable. */
  ignored: string[];
}

const fields = lazy(() => ({
  serviceAddress: z.string().check(z.minLength(1), z.maxLength(2048)),
  serviceName: z.string().check(z.minLength(1), z.maxLength(100)),
  lockServiceAddress: z.boolean(),
  defaultPrivacy: privacy,
}));

type Field = 'serviceAddress' | 'serviceName' | 'lockServiceAddress' | 'defaultPrivacy';
const FIELDS: readonly Field[] = ['serviceAddress', 'serviceName', 'lockServiceAddress', 'defaultPrivacy'];

/** Reads the managed area's values, each checked alone; names the ones ignored. Pure. */
export function readManagedPolicy(area: Record<string, unknown>): ManagedPolicy {
  const ignored: string[] = [];
  const valueOf = <T>(name: Field): T | null => {
    if (area[name] === undefined) return null;
    const parsed = (fields[name] as unknown as z.ZodMiniType<T>).safeParse(area[name]);
    if (parsed.success) return parsed.data;
    ignored.push(name);
    return null;
  };
  const values = Object.fromEntries(FIELDS.map((name) => [name, valueOf(name)])) as { [F in Field]: unknown };
  let serviceAddress = values.serviceAddress as string | null;
  if (serviceAddress !== null) {
    try {
      serviceAddress = normaliseBaseUrl(serviceAddress);
    } catch (error) {
      if (!isApiError(error)) throw error;
      ignored.push('serviceAddress');
      serviceAddress = null;
    }
  }
  return {
    serviceAddress,
    serviceName: values.serviceName as string | null,
    lockServiceAddress: serviceAddress !== null && values.lockServiceAddress === true,
    defaultPrivacy: values.defaultPrivacy as ManagedPolicy['defaultPrivacy'],
    ignored: [...new Set(ignored)],
  };
}

/**
 * Presets the address when none is kept, when the administrator set a new one, or always when locked; presets the
 * privacy once per value. `applied`: what was preset last (`managedApplied`).
 */
async function applyPolicy(policy: ManagedPolicy, applied: Awaited<ReturnType<typeof managedApplied.read>>): Promise<void> {
  const { serviceAddress, defaultPrivacy } = policy;
  if (serviceAddress !== null) {
    const connection = await readConnection();
    const differs = connection?.baseUrl !== serviceAddress;
    if (differs && (!connection || policy.lockServiceAddress || applied.serviceAddress !== serviceAddress)) {
      const saved = await savedKey();
      // A key goes only to the origin it was saved for.
      const apiKey = saved && saved.origin === new URL(serviceAddress).origin ? saved.key : '';
      await writeConnection({ baseUrl: serviceAddress, apiKey });
    }
  }
  if (defaultPrivacy !== null && applied.defaultPrivacy !== defaultPrivacy) await writePreferences({ defaultPrivacy });
  if (applied.serviceAddress !== serviceAddress || applied.defaultPrivacy !== defaultPrivacy) {
    await managedApplied.write({ serviceAddress, defaultPrivacy });
  }
}

let current: Promise<ManagedPolicy> | null = null;

/** The policy, read and applied once per worker (the first caller waits; later ones get it at once). */
export function managedPolicy(): Promise<ManagedPolicy> {
  current ??= (async () => {
    // Both read at once: the worker's first message waits for them before it reads the connection.
    const [area, applied] = await Promise.all([readManagedArea(), managedApplied.read()]);
    const policy = readManagedPolicy(area);
    await applyPolicy(policy, applied);
    return policy;
  })().catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

/** A policy changed while the browser runs is read again at the next need; `changed` tells the pages. */
export function registerManagedPolicy(changed: () => void): void {
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area !== 'managed') return;
    current = null;
    changed();
  });
}
