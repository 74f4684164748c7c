import { browser, type Browser } from 'wxt/browser';
import { lazy, z } from '@/lib/zod';
import {
  cachedPageSchema,
  cachedReportViewSchema,
  jobSchema,
  preferencesSchema,
  privacy,
  queuedReportSchema,
  listQuerySchema,
  runSchema,
  runItemSchema,
  siteSummarySchema,
  siteLimitsSchema,
  acceptedFindingSchema,
  type SiteLimitsState,
  type CachedPage,
  type CachedReportView,
  type Job,
  type Preferences,
  type QueuedReport,
  type ListQuery,
  type Run,
  type RunItem,
  type SiteSummary,
  agencySchema,
  issueTrackerSchema,
  type Handover,
  watchSchema,
  watchSettingsSchema,
  type Watch,
  type WatchSettings,
  serviceId,
  serviceSchema,
  type Service,
} from '@/lib/protocol';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { RESULT_LABELS } from '@/lib/shared/score';
import { NO_AGENCY } from '@/lib/shared/agency';
import { TRACKERS_MAX } from '@/lib/shared/issue-tracker';
import { POPUP_PAGES_ITEM, POPUP_SERVICE_ITEM, PRIVACY_DRAFT_ITEM } from '@/lib/shared/kept-for-popup';
import { SERVICE_NAME_MAX, SERVICES_MAX, serviceNameOf } from '@/lib/shared/service-bounds';

/**
 * Everything the extension keeps, declared here and nowhere else: each item
 * has its key, its zod schema and a fallback. Every read goes
 * through the schema, as storage is a border like any other (another version
 * of the extension, or a user poking at devtools, may have written it), and
 * every change of an item runs after the one before it. Only the background
 * imports this module: pages ask the background (lib/protocol.ts).
 */

/**
 * Local and sync storage are closed to content-script worlds (Chrome lets any script in a page's
 * isolated world read them unless told otherwise); session storage is closed by default. Every
 * reading and writing below waits for it. Firefox has no such setting: there the extension's own
 * lack of content scripts is what keeps page worlds out.
 */
let closedToPages: Promise<void> = Promise.resolve();

/** Called first thing at every start of the background. */
export function closeStorageToPageWorlds(): void {
  const areas = [browser.storage.local, browser.storage.sync];
  closedToPages = Promise.all(
    areas.map((area) => (typeof area.setAccessLevel === 'function' ? area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' }) : undefined)),
  ).then(
    () => undefined,
    (error: unknown) => console.warn('Storage could not be closed to page worlds', error),
  );
}

interface StoredItem<T> {
  read(): Promise<T>;
  write(value: T): Promise<void>;
  /** Reads, changes and writes back, one change at a time. */
  update(change: (value: T) => T): Promise<T>;
  remove(): Promise<void>;
  watch(callback: () => void): () => void;
}

type Area = 'local' | 'session' | 'sync';
/** An item's area and its name there: `local:runs`. */
type StoredKey = `${Area}:${string}`;

/**
 * One item, read and written through the browser's storage area itself. Nothing is read when an item is declared:
 * a worker woken by a page reads only what answering it needs.
 */
function defineStored<T>(key: StoredKey, schema: z.ZodMiniType<T>, fallback: T): StoredItem<T> {
  const [area, name] = key.split(/:(.*)/s) as [Area, string];
  const store = () => browser.storage[area];
  const queue = createSerialQueue();
  const read = async (): Promise<T> => {
    await closedToPages;
    const parsed = schema.safeParse((await store().get(name))[name] ?? fallback);
    return parsed.success ? parsed.data : fallback;
  };
  // A value of null or undefined is kept as no value at all.
  const put = (value: T) => (value == null ? store().remove(name) : store().set({ [name]: value }));
  return {
    read,
    write: (value) =>
      queue(async () => {
        await closedToPages;
        await put(schema.parse(value));
      }),
    update: (change) =>
      queue(async () => {
        const next = schema.parse(change(await read()));
        await put(next);
        return next;
      }),
    remove: () =>
      queue(async () => {
        await closedToPages;
        await store().remove(name);
      }),
    watch: (callback) => {
      const listener = (changes: Record<string, Browser.storage.StorageChange>) => {
        const change = changes[name];
        if (change && !sameData(change.newValue, change.oldValue)) callback();
      };
      store().onChanged.addListener(listener);
      return () => store().onChanged.removeListener(listener);
    },
  };
}

/** Stored values are plain data: equal when their JSON trees are. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Entries that fail their schema are dropped one by one: one bad entry does not cost the rest. */
function keepValid<T>(entry: z.ZodMiniType<T>) {
  const read = (value: unknown): T[] => {
    const parsed = entry.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  };
  return {
    list: lazy(() =>
      z.pipe(
        z.array(z.unknown()),
        z.transform((items) => items.flatMap(read)),
      ),
    ),
    record: lazy(() =>
      z.pipe(
        z.record(z.string(), z.unknown()),
        z.transform((map) => Object.fromEntries(Object.entries(map).flatMap(([key, value]) => read(value).map((data) => [key, data] as const)))),
      ),
    ),
  };
}

// --- The services: local only, as sync storage would copy a key to every browser of the account.
// Each named service's address and its key are separate items: a key is bound to the origin it was
// saved for, and a change of address never carries it along (it must be typed again for another
// origin). Each service's key is in local storage, or, when the user asks to forget it when the
// browser closes, in session storage, which lives in memory only and goes with the browser.

/** What the background works with: the address, and the key when one is saved for that address's origin (else empty). */
export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/** One service with its key, as the background reads it to call that service. */
export interface ServiceWithKey {
  service: Service;
  /** Empty when no key is saved for the service's origin. */
  apiKey: string;
}

/** The services as pages may see them: never a key. */
export interface ServiceList {
  services: Service[];
  /** The service the badge, the shortcut and messages naming none go to; null when there is none. */
  defaultId: string | null;
}

/**
 * The list as kept. `revision` changes with every save, so one watch of this item sees every change of a service or a
 * key. `changedAt`: when each service, by id, was last added or changed here (merged from a synced copy: that copy's
 * time); a service kept by a version before has none.
 */
type StoredList = ServiceList & { revision: number; changedAt: Record<string, number> };
const servicesItem = defineStored<StoredList | null>(
  'local:services',
  lazy(() =>
    z.nullable(
      z.object({
        services: z.pipe(
          keepValid(serviceSchema).list,
          z.transform((list) => list.slice(0, SERVICES_MAX)),
        ),
        defaultId: z.nullable(serviceId),
        revision: z.number(),
        changedAt: z.catch(z.record(serviceId, z.number()), {}),
      }),
    ),
  ),
  null,
);
const boundKeySchema = lazy(() => z.object({ origin: z.string(), key: z.string().check(z.minLength(1)) }));
/** Each service's key by its id, with the origin it was saved for. */
const serviceKeyItems = {
  local: defineStored<Record<string, { origin: string; key: string }>>('local:serviceKeys', keepValid(boundKeySchema).record, {}),
  session: defineStored<Record<string, { origin: string; key: string }>>('session:serviceKeys', keepValid(boundKeySchema).record, {}),
};

/** The one connection kept by versions before named services: read once, made the first service, then removed. */
const formerAddressItem = defineStored<{ baseUrl: string; keyForSessionOnly?: boolean; apiKey?: string } | null>(
  'local:connection',
  lazy(() =>
    z.nullable(
      z.object({
        baseUrl: z.string().check(z.minLength(1)),
        keyForSessionOnly: z.optional(z.boolean()),
        // Versions before the key had an item of its own kept it here.
        apiKey: z.optional(z.string()),
      }),
    ),
  ),
  null,
);
const formerKeySchema = lazy(() => z.nullable(boundKeySchema));
const formerKeyItems = {
  local: defineStored<{ origin: string; key: string } | null>('local:apiKey', formerKeySchema, null),
  session: defineStored<{ origin: string; key: string } | null>('session:apiKey', formerKeySchema, null),
};

const originOf = (baseUrl: string) => new URL(baseUrl).origin;
const keyAreaFor = (sessionOnly: boolean) => (sessionOnly ? serviceKeyItems.session : serviceKeyItems.local);

let formerConnectionMoving: Promise<void> | null = null;
/**
 * Before the services are first read or changed: the connection of a user who updates becomes the first service,
 * its key kept. With none to move nothing is written (and the former items are looked for again next time), so no
 * page hears of a change that is none.
 */
function moveFormerConnection(): Promise<void> {
  formerConnectionMoving ??= (async () => {
    if ((await servicesItem.read()) !== null) return;
    const [address, local, session] = await Promise.all([formerAddressItem.read(), formerKeyItems.local.read(), formerKeyItems.session.read()]);
    if (!address && !local && !session) return;
    let list: StoredList = { services: [], defaultId: null, revision: 0, changedAt: {} };
    if (address && URL.canParse(address.baseUrl)) {
      const sessionOnly = address.keyForSessionOnly ?? false;
      const saved = address.apiKey ? { origin: originOf(address.baseUrl), key: address.apiKey } : sessionOnly ? session : local;
      const service: Service = {
        id: crypto.randomUUID(),
        name: serviceNameOf(address.baseUrl),
        baseUrl: address.baseUrl,
        keyForSessionOnly: sessionOnly,
      };
      // The key first: whoever watches the list finds it in place.
      if (saved && saved.origin === originOf(address.baseUrl)) await keyAreaFor(sessionOnly).update((keys) => ({ ...keys, [service.id]: saved }));
      list = { services: [service], defaultId: service.id, revision: 1, changedAt: {} };
    }
    await servicesItem.update((current) => current ?? list);
    await Promise.all([formerAddressItem.remove(), formerKeyItems.local.remove(), formerKeyItems.session.remove()]);
  })().finally(() => {
    formerConnectionMoving = null;
  });
  return formerConnectionMoving;
}

/** The stored list; absent only until the former connection is moved (once, or after storage was cleared). */
async function readStoredList(): Promise<StoredList> {
  const stored = await servicesItem.read();
  if (stored) return stored;
  await moveFormerConnection();
  return (await servicesItem.read()) ?? { services: [], defaultId: null, revision: 0, changedAt: {} };
}

const readList = async (): Promise<ServiceList> => {
  const { services, defaultId } = await readStoredList();
  return { services, defaultId };
};

/** The services without their keys, and which is the default: what pages may be shown. */
export const readServiceList = readList;

/** When each service, by id, was last added or changed here, or merged from a synced copy; absent for one kept by a version before. */
export async function readServiceChangeTimes(): Promise<Record<string, number>> {
  return (await readStoredList()).changedAt;
}

/** The default service's id, or null when there is no service. */
export async function readDefaultServiceId(): Promise<string | null> {
  return (await readList()).defaultId;
}

/** One service with its key (empty unless saved for the service's origin); `id` null or absent: the default. Null when there is no such service. */
export async function readService(id?: string | null): Promise<ServiceWithKey | null> {
  // The list and both key areas in one round trip. Without a list, the keys are read again after it: moving a former
  // connection writes its key before the list.
  const [stored, local, session] = await Promise.all([servicesItem.read(), serviceKeyItems.local.read(), serviceKeyItems.session.read()]);
  const list = stored ?? (await readList());
  const wanted = id ?? list.defaultId;
  const service = list.services.find((entry) => entry.id === wanted);
  if (!service) return null;
  const keys = stored ? (service.keyForSessionOnly ? session : local) : await keyAreaFor(service.keyForSessionOnly).read();
  const saved = keys[service.id];
  return { service, apiKey: saved && saved.origin === originOf(service.baseUrl) ? saved.key : '' };
}

/** Why a service could not be kept. */
export class ServicesFullError extends Error {
  constructor() {
    super(`At most ${SERVICES_MAX} services are kept`);
  }
}

/**
 * Adds a service (no `id`) or changes one: its address, and its key bound to the address's origin,
 * in local or session storage as the user chose. An empty key forgets the saved one. The first
 * service becomes the default. Its change time is `changedAt`, else now as `changeTimeAfter` gives it. Throws ServicesFullError
 * past SERVICES_MAX. Returns the service kept.
 */
export async function writeService(input: {
  id?: string;
  name: string;
  baseUrl: string;
  apiKey: string;
  keyForSessionOnly: boolean;
  changedAt?: number;
}): Promise<Service> {
  const [list, changedAt] = await Promise.all([readList(), input.changedAt ?? settingsSync.read().then(changeTimeAfter)]);
  if (input.id === undefined && list.services.length >= SERVICES_MAX) throw new ServicesFullError();
  const service: Service = {
    id: input.id ?? crypto.randomUUID(),
    name: input.name.trim().slice(0, SERVICE_NAME_MAX) || serviceNameOf(input.baseUrl),
    baseUrl: input.baseUrl,
    keyForSessionOnly: input.keyForSessionOnly,
  };
  // The key first, and only in the area chosen: whoever watches the list finds both in place.
  await keyAreaFor(!service.keyForSessionOnly).update((keys) => withoutKey(keys, service.id));
  await keyAreaFor(service.keyForSessionOnly).update((keys) =>
    input.apiKey ? { ...keys, [service.id]: { origin: originOf(service.baseUrl), key: input.apiKey } } : withoutKey(keys, service.id),
  );
  await servicesItem.update((current) => {
    const services = current?.services ?? [];
    const known = services.some((entry) => entry.id === service.id);
    if (!known && services.length >= SERVICES_MAX) throw new ServicesFullError();
    return {
      services: known ? services.map((entry) => (entry.id === service.id ? service : entry)) : [...services, service],
      defaultId: current?.defaultId ?? service.id,
      revision: (current?.revision ?? 0) + 1,
      changedAt: { ...current?.changedAt, [service.id]: changedAt },
    };
  });
  return service;
}

function withoutKey<T>(keys: Record<string, T>, id: string): Record<string, T> {
  const rest = { ...keys };
  delete rest[id];
  return rest;
}

/** Removes a service and its key; when it was the default, the first left becomes the default. */
export async function removeService(id: string): Promise<void> {
  await readStoredList();
  await Promise.all([serviceKeyItems.local.update((keys) => withoutKey(keys, id)), serviceKeyItems.session.update((keys) => withoutKey(keys, id))]);
  await servicesItem.update((current) => {
    const services = (current?.services ?? []).filter((entry) => entry.id !== id);
    const defaultId = current?.defaultId !== id && current?.defaultId ? current.defaultId : (services[0]?.id ?? null);
    return { services, defaultId, revision: (current?.revision ?? 0) + 1, changedAt: withoutKey(current?.changedAt ?? {}, id) };
  });
}

/** Makes a known service the default; an unknown id changes nothing. */
export async function writeDefaultServiceId(id: string): Promise<void> {
  await readStoredList();
  await servicesItem.update((current) => {
    if (!current?.services.some((entry) => entry.id === id)) return current;
    return { ...current, defaultId: id, revision: current.revision + 1 };
  });
}

/** Calls back when any service, its key or the default changes (every save changes the list's revision). */
export const watchServices = servicesItem.watch;

// The default service, as the parts that know one connection read and write it.

/** The default service's connection, and whether its key is kept until the browser closes only. */
export async function readConnectionAndLifetime(): Promise<{ connection: Connection | null; keyForSessionOnly: boolean }> {
  const found = await readService();
  if (!found) return { connection: null, keyForSessionOnly: false };
  return { connection: { baseUrl: found.service.baseUrl, apiKey: found.apiKey }, keyForSessionOnly: found.service.keyForSessionOnly };
}

export async function readConnection(): Promise<Connection | null> {
  return (await readConnectionAndLifetime()).connection;
}

/** The default service's saved key and the origin it is bound to, for a save that may keep it. */
export async function savedKey(): Promise<{ origin: string; key: string } | null> {
  const list = await readList();
  const service = list.services.find((entry) => entry.id === list.defaultId);
  if (!service) return null;
  return (await keyAreaFor(service.keyForSessionOnly).read())[service.id] ?? null;
}

/**
 * Keeps the default service's address, and the key bound to its origin (in local or session
 * storage, as the user chose, kept as it was unless told); an empty key forgets the saved one;
 * null removes the default service. With no service yet, the first is added, named after its host.
 */
export async function writeConnection(connection: { baseUrl: string; apiKey: string; keyForSessionOnly?: boolean } | null): Promise<void> {
  const current = (await readService())?.service ?? null;
  if (!connection) {
    if (current) await removeService(current.id);
    return;
  }
  // A name that was the former address's host follows the address.
  const name = current && current.name !== serviceNameOf(current.baseUrl) ? current.name : serviceNameOf(connection.baseUrl);
  await writeService({
    ...(current ? { id: current.id } : {}),
    name,
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    keyForSessionOnly: connection.keyForSessionOnly ?? current?.keyForSessionOnly ?? false,
  });
}

/** Calls back when the address or the key changes (every save changes the list's revision). */
export const watchConnection = watchServices;

// --- Preferences: this browser's own, read field by field so one bad value keeps the others. They reach the
// account's other browsers only with "Sync without secrets" on (lib/background/settings-sync/).

const DEFAULT_PREFERENCES: Preferences = { defaultPrivacy: 1, badgeEnabled: false };
const PREFERENCES_NAME = 'preferences';
const preferenceFields = lazy(() =>
  z.object({
    defaultPrivacy: z.catch(preferencesSchema.shape.defaultPrivacy, DEFAULT_PREFERENCES.defaultPrivacy),
    badgeEnabled: z.catch(preferencesSchema.shape.badgeEnabled, DEFAULT_PREFERENCES.badgeEnabled),
  }),
);
const preferencesItem = defineStored<Preferences>(`local:${PREFERENCES_NAME}`, preferenceFields, DEFAULT_PREFERENCES);
/** Where versions before sync without secrets kept the preferences, shared by every browser of the account whatever the setting. */
const formerPreferences = defineStored<Preferences | null>(
  `sync:${PREFERENCES_NAME}`,
  lazy(() => z.nullable(preferenceFields)),
  null,
);

/**
 * After an update: the preferences an earlier version kept in sync become this browser's, unless it has its own already.
 * The synced item is left as it is, for the account's browsers still on that version; nothing reads or writes it again.
 */
export async function keepFormerPreferences(): Promise<void> {
  const former = await formerPreferences.read();
  if (!former || (await browser.storage.local.get(PREFERENCES_NAME))[PREFERENCES_NAME] !== undefined) return;
  await preferencesItem.write(former);
}

export const readPreferences = preferencesItem.read;
export const watchPreferences = preferencesItem.watch;
export const writePreferences = (changes: Partial<Preferences>): Promise<Preferences> =>
  preferencesItem.update((current) => ({ ...current, ...changes }));

// --- The reports manager's search, filters, sort, page size and page, so reopening the options shows the same list.

const listQueryItem = defineStored<ListQuery>(
  // The item's earlier name: a new key would lose every user's kept list.
  'local:reportsView',
  lazy(() =>
    z.object({
      search: z.catch(listQuerySchema.shape.search, DEFAULT_LIST_QUERY.search),
      project: z.catch(listQuerySchema.shape.project, DEFAULT_LIST_QUERY.project),
      result: z.catch(listQuerySchema.shape.result, DEFAULT_LIST_QUERY.result),
      sortBy: z.catch(listQuerySchema.shape.sortBy, DEFAULT_LIST_QUERY.sortBy),
      sort: z.catch(listQuerySchema.shape.sort, DEFAULT_LIST_QUERY.sort),
      perPage: z.catch(listQuerySchema.shape.perPage, DEFAULT_LIST_QUERY.perPage),
      page: z.catch(listQuerySchema.shape.page, DEFAULT_LIST_QUERY.page),
    }),
  ),
  { ...DEFAULT_LIST_QUERY },
);
export const readListQuery = listQueryItem.read;
export const writeListQuery = listQueryItem.write;

/**
 * Runs of reports (lib/background/runs/), item by item, and the reports waiting for the service as
 * runs of one create: local, so they go on after the worker stops or the browser restarts.
 * Addresses and report ids only; never a password.
 */
const RUNS_NAME = 'runs';
/** Items per stored chunk of a run: a change of one item writes about 7 KB, whatever the run's size. */
const RUN_ITEMS_PER_CHUNK = 50;
/** The most chunks a run is read with: 20,000 items (the engine's MAX_RUN_ITEMS) and room to spare. */
const RUN_CHUNKS_MAX = 1000;
const runChunkName = (runId: string, chunk: number) => `runItems:${runId}:${chunk}`;
/** How many chunks hold `items` items. */
const chunkCount = (items: number) => Math.ceil(items / RUN_ITEMS_PER_CHUNK);
/** The names of run `runId`'s `chunks` chunks. */
const runChunkNames = (runId: string, chunks: number) => Array.from({ length: chunks }, (_, n) => runChunkName(runId, n));
const isRunsKey = (key: string) => key === RUNS_NAME || key.startsWith('runItems:');
/** The chunks of runs gone, named in the same write that drops the runs, until they are removed. */
const RUN_CHUNKS_GONE = 'runItemsGone';

/** A run as its header keeps it: everything but its items, and how many chunks hold them. */
const runHeaderSchema = lazy(() =>
  z.extend(z.omit(runSchema, { items: true }), { itemChunks: z.int().check(z.nonnegative(), z.lte(RUN_CHUNKS_MAX)) }),
);
const runChunkSchema = lazy(() => z.array(runItemSchema).check(z.maxLength(RUN_ITEMS_PER_CHUNK)));

/** Kept in memory once read or written: deep-frozen, as every reader in the worker shares them. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/**
 * The runs, the one item that grows with the user's work: a run holds up to 20,000 items, and each
 * item is changed three times as it is sent. Kept as a list of headers (`runs`) and each run's items
 * in chunks (`runItems:<run id>:<n>`): a change writes the headers and the chunk that changed, in one
 * write, rather than the whole run (a list of 1,201 items is 163 KB, which Chrome takes about 100 ms
 * to write and 50 ms to read). Read once per worker, then kept: the background is the only writer,
 * and every read and change first checks that the stored headers are the ones last written or read,
 * or reads all of it again. A run of the versions before, its items inline, is read as it is and
 * written the new way at its first change. A bad header or chunk loses its run only. The chunks of
 * runs gone are named in the write that drops the runs, then removed, by the next worker if this one
 * stops in between.
 */
function defineStoredRuns(): StoredItem<Run[]> {
  const area = () => browser.storage.local;
  const queue = createSerialQueue();
  let kept: { runs: readonly Run[]; headers: unknown; chunks: Map<string, readonly RunItem[]> } | null = null;

  /** The runs as stored, from memory when the stored headers are the ones kept. */
  async function current(): Promise<readonly Run[]> {
    await closedToPages;
    const got = await area().get([RUNS_NAME, RUN_CHUNKS_GONE]);
    const headers: unknown = got[RUNS_NAME] ?? [];
    if (kept && sameData(headers, kept.headers)) return kept.runs;
    const entries = Array.isArray(headers) ? headers : [];
    const inline = entries.map((entry) => runSchema.safeParse(entry));
    const parsed = entries.map((entry, i) => (inline[i]!.success ? null : runHeaderSchema.safeParse(entry)));
    const names = parsed.flatMap((p) => (p?.success ? runChunkNames(p.data.id, p.data.itemChunks) : []));
    const stored = names.length > 0 ? await area().get(names) : {};
    const chunks = new Map<string, readonly RunItem[]>();
    const runs = entries.flatMap((_, i): Run[] => {
      const old = inline[i]!;
      if (old.success) return [old.data];
      const header = parsed[i];
      if (!header?.success) return [];
      const { itemChunks, ...run } = header.data;
      const items: RunItem[] = [];
      for (let n = 0; n < itemChunks; n += 1) {
        const chunk = runChunkSchema.safeParse(stored[runChunkName(run.id, n)]);
        if (!chunk.success) return [];
        chunks.set(runChunkName(run.id, n), chunk.data);
        items.push(...chunk.data);
      }
      return [{ ...run, items }];
    });
    // Named by a save the worker stopped in, before it could remove them.
    const left = Array.isArray(got[RUN_CHUNKS_GONE]) ? (got[RUN_CHUNKS_GONE] as unknown[]) : [];
    const live = new Set(names);
    const orphans = left.filter((name): name is string => typeof name === 'string' && name.startsWith('runItems:') && !live.has(name));
    if (RUN_CHUNKS_GONE in got) await area().remove([...orphans.slice(0, RUN_CHUNKS_MAX), RUN_CHUNKS_GONE]);
    kept = { runs: frozen(runs), headers, chunks };
    return kept.runs;
  }

  /** A run checked against its schema where it differs from `before` (its header, each item changed); null when it does not fit. */
  function checked(run: Run, before: Run | undefined): Run | null {
    if (run === before) return run;
    const { items, ...rest } = run;
    const header = runHeaderSchema.safeParse({ ...rest, itemChunks: chunkCount(items.length) });
    if (!header.success) return null;
    const checkedItems: RunItem[] = [];
    for (const [i, item] of items.entries()) {
      if (item === before?.items[i]) checkedItems.push(item);
      else {
        const parsed = runItemSchema.safeParse(item);
        if (!parsed.success) return null;
        checkedItems.push(parsed.data);
      }
    }
    const { itemChunks: _, ...fields } = header.data;
    return { ...fields, items: checkedItems };
  }

  /** Writes `next`: the headers and every chunk that changed, in one write; then drops the chunks of runs gone. */
  async function save(next: readonly Run[]): Promise<Run[]> {
    const previous = await current();
    const byId = new Map(previous.map((run) => [run.id, run]));
    // As with every list kept: a run that does not fit its schema is dropped alone.
    const runs = frozen(next.flatMap((run) => checked(run, byId.get(run.id)) ?? []));
    const chunks = new Map<string, readonly RunItem[]>();
    const writes: Record<string, unknown> = {};
    for (const run of runs) {
      for (let n = 0; n * RUN_ITEMS_PER_CHUNK < run.items.length; n += 1) {
        const name = runChunkName(run.id, n);
        const chunk = run.items.slice(n * RUN_ITEMS_PER_CHUNK, (n + 1) * RUN_ITEMS_PER_CHUNK);
        const before = kept?.chunks.get(name);
        chunks.set(name, chunk);
        if (before?.length !== chunk.length || chunk.some((item, i) => item !== before[i])) writes[name] = chunk;
      }
    }
    // As storage gives them back: no field left undefined.
    const headers: unknown = JSON.parse(JSON.stringify(runs.map(({ items, ...run }) => ({ ...run, itemChunks: chunkCount(items.length) }))));
    if (!sameData(headers, kept?.headers)) writes[RUNS_NAME] = headers;
    const gone = [...(kept?.chunks.keys() ?? [])].filter((name) => !chunks.has(name));
    // Named in the write that drops their runs: a worker stopped before the removal removes them at its next start.
    if (gone.length > 0) writes[RUN_CHUNKS_GONE] = gone;
    kept = null;
    if (Object.keys(writes).length > 0) await area().set(writes);
    if (gone.length > 0) await area().remove([...gone, RUN_CHUNKS_GONE]);
    kept = { runs, headers, chunks };
    return [...runs];
  }

  return {
    read: () => queue(async () => [...(await current())]),
    write: (value) => queue(async () => void (await save(value))),
    update: (change) => queue(async () => save(change([...(await current())]))),
    remove: () =>
      queue(async () => {
        const names = (await current()).flatMap((run) => runChunkNames(run.id, chunkCount(run.items.length)));
        kept = null;
        await area().remove([RUNS_NAME, RUN_CHUNKS_GONE, ...names]);
      }),
    watch: (callback) => {
      const listener = (changes: Record<string, Browser.storage.StorageChange>) => {
        if (Object.entries(changes).some(([name, change]) => isRunsKey(name) && !sameData(change.newValue, change.oldValue))) callback();
      };
      area().onChanged.addListener(listener);
      return () => area().onChanged.removeListener(listener);
    },
  };
}

const runsItem = defineStoredRuns();

/** Where versions before kept the reports waiting for the service: read once, moved into `runs`, then removed. */
const formerQueue = defineStored<QueuedReport[]>('local:reportQueue', keepValid(queuedReportSchema).list, []);

/** A waiting report as kept before, as the run of one create that carries it on: its tries, its wait and its sends kept. */
export function queuedRunOf(entry: QueuedReport, id: string): Run {
  const item: RunItem = {
    url: entry.url,
    state: 'pending',
    firstSentAt: entry.firstSentAt,
    ...(entry.lastSentAt !== null ? { sentAt: entry.lastSentAt } : {}),
    ...(entry.lastError ? { error: entry.lastError } : {}),
  };
  return {
    id,
    action: 'create',
    privacy: entry.privacy,
    createdAt: entry.queuedAt,
    state: 'running',
    stopReason: null,
    waitUntil: entry.nextTryAt,
    waitReason: null,
    waits: entry.attempts,
    items: [item],
    queued: true,
  };
}

let formerQueueMoved: Promise<void> | null = null;
/** Once per worker, before the runs are first read or changed: a user who updates with reports waiting loses none. */
function moveFormerQueue(): Promise<void> {
  formerQueueMoved ??= (async () => {
    const waiting = await formerQueue.read();
    if (waiting.length === 0) return;
    await runsItem.update((list) => [...list, ...waiting.map((entry) => queuedRunOf(entry, crypto.randomUUID()))]);
    await formerQueue.remove();
  })().catch((error: unknown) => {
    formerQueueMoved = null;
    throw error;
  });
  return formerQueueMoved;
}

export const runs: StoredItem<Run[]> = {
  read: () => moveFormerQueue().then(runsItem.read),
  write: (value) => moveFormerQueue().then(() => runsItem.write(value)),
  update: (change) => moveFormerQueue().then(() => runsItem.update(change)),
  remove: runsItem.remove,
  watch: runsItem.watch,
};

/**
 * Site permissions a click on "Show on page" added, by the tab of the report view holding them
 * (lib/background/site-permissions-held.ts). Local, not session: what a closed browser left held
 * is still known, and given back, when it starts again.
 */
export const sitePermissionsHeld = defineStored<Record<string, string[]>>(
  'local:sitePermissionsHeld',
  keepValid(lazy(() => z.array(z.string()))).record,
  {},
);

/**
 * Each site's limits and the findings its users accepted (lib/background/site-limits-store.ts bounds
 * them). Local: they are the user's own settings, kept across restarts. A bad site or entry is
 * dropped alone.
 */
export const siteLimits = defineStored<SiteLimitsState>(
  'local:siteLimits',
  lazy(() =>
    z.object({
      limits: z._default(keepValid(siteLimitsSchema).record, {}),
      accepted: z._default(keepValid(acceptedFindingSchema).list, []),
    }),
  ),
  { limits: {}, accepted: [] },
);

/** Watched pages (lib/background/watches/): local, so their schedules outlive the browser. At most MAX_WATCHES. */
export const watches = defineStored<Watch[]>('local:watches', keepValid(watchSchema).list, []);

export const DEFAULT_WATCH_SETTINGS: WatchSettings = { scoreDrop: 5, webhook: null, quotaPausedUntil: null, alertTimes: [] };
/** The watches' settings, read field by field so one bad value keeps the others. */
export const watchSettings = defineStored<WatchSettings>(
  'local:watchSettings',
  lazy(() =>
    z.object({
      scoreDrop: z.catch(watchSettingsSchema.shape.scoreDrop, DEFAULT_WATCH_SETTINGS.scoreDrop),
      webhook: z.catch(watchSettingsSchema.shape.webhook, DEFAULT_WATCH_SETTINGS.webhook),
      quotaPausedUntil: z.catch(watchSettingsSchema.shape.quotaPausedUntil, DEFAULT_WATCH_SETTINGS.quotaPausedUntil),
      alertTimes: z.catch(watchSettingsSchema.shape.alertTimes, DEFAULT_WATCH_SETTINGS.alertTimes),
    }),
  ),
  DEFAULT_WATCH_SETTINGS,
);

// --- Session storage below: it outlives the service worker (stopped after 30 s idle) but not the browser, and never reaches the disk.

/** Reports being made, by page address: a popup opened later, or a worker started again, finds their outcome. */
export const reportJobs = defineStored<Record<string, Job>>('session:reportJobs', keepValid(jobSchema).record, {});

/** The popup's head start: what it last showed for each page, the most recently shown first. The popup reads it itself (lib/shared/kept-for-popup.ts). */
export const popupPages = defineStored<CachedPage[]>(`session:${POPUP_PAGES_ITEM}`, keepValid(cachedPageSchema).list, []);

/**
 * Report views opened lately, the most recently opened first, so that opening one again draws at
 * once (lib/background/report-cache.ts bounds them). Session, not local: a report may be private or
 * password-protected, and its findings name the site's own addresses, so it is never written to disk.
 */
export const reportViews = defineStored<CachedReportView[]>('session:reportViews', keepValid(cachedReportViewSchema).list, []);

/** The privacy chosen in the popup for the page it was open on, kept until a report is made; read by the popup itself too. */
export const privacyDraft = defineStored<{ url: string; privacy: z.infer<typeof privacy> } | null>(
  `session:${PRIVACY_DRAFT_ITEM}`,
  lazy(() => z.nullable(z.object({ url: z.string(), privacy }))),
  null,
);

/** What a click on each notification shown does; the worker that wakes for the click must still know. */
const notificationActionSchema = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('report'),
      id: z.int().check(z.positive()),
      section: z.optional(z.literal('changes')),
      /** The service the report is on; absent: the default. */
      service: z.optional(serviceId),
    }),
    z.object({ kind: z.literal('options') }),
  ]),
);
export type NotificationAction = z.infer<typeof notificationActionSchema>;
export const notificationActions = defineStored<Record<string, NotificationAction>>(
  'session:notificationActions',
  keepValid(notificationActionSchema).record,
  {},
);

/** The latest result per address, for the badge; `result` null when the service has no report for it. */
const badgeEntrySchema = lazy(() =>
  z.object({
    at: z.number(),
    result: z.nullable(z.object({ score: z.nullable(z.number()), label: z.nullable(z.enum(RESULT_LABELS)) })),
  }),
);
export type BadgeEntry = z.infer<typeof badgeEntrySchema>;
export const badgeCache = defineStored<Record<string, BadgeEntry>>('session:badgeCache', keepValid(badgeEntrySchema).record, {});

/**
 * Site summaries read this session (lib/background/site-summary.ts bounds them), the most recently
 * read first, so the site view opens again at once. Session, not local: they name the site's
 * addresses, private ones too.
 */
export const siteSummaries = defineStored<SiteSummary[]>('session:siteSummaries', keepValid(siteSummarySchema).list, []);

/**
 * The service each window's popup reports to, by window id, when the user chose one there (lib/background/popup-service.ts
 * bounds them). The popup reads it itself too, to draw the page kept for that service (lib/shared/kept-for-popup.ts).
 */
export const popupServiceByWindow = defineStored<Record<string, string>>(`session:${POPUP_SERVICE_ITEM}`, keepValid(serviceId).record, {});

/**
 * The service the panel beside the page shows in a window, by window id, where a page on another service than that
 * window's popup opened it (lib/background/popup-service.ts keeps and bounds them); elsewhere the panel follows the popup.
 */
export const besideServiceByWindow = defineStored<Record<string, string>>('session:besideServiceByWindow', keepValid(serviceId).record, {});

// --- Reports handed over: the agency (its logo up to 100 KB, too large for sync storage) and each site's tracker.

const handoverItem = defineStored<Handover>(
  'local:handover',
  lazy(() =>
    z.object({
      agency: z.catch(agencySchema, NO_AGENCY),
      trackers: z.catch(
        z.pipe(
          keepValid(issueTrackerSchema).record,
          z.transform((map) => Object.fromEntries(Object.entries(map).slice(0, TRACKERS_MAX))),
        ),
        {},
      ),
    }),
  ),
  { agency: NO_AGENCY, trackers: {} },
);

export const readHandover = handoverItem.read;
export const writeAgency = (agency: Handover['agency']): Promise<Handover> => handoverItem.update((current) => ({ ...current, agency }));

/** Sets or removes a site's tracker; a new site past the most kept is refused. */
export const writeTracker = (project: string, tracker: Handover['trackers'][string] | null): Promise<Handover> =>
  handoverItem.update((current) => {
    const trackers = { ...current.trackers };
    if (tracker === null) delete trackers[project];
    else if (project in trackers || Object.keys(trackers).length < TRACKERS_MAX) trackers[project] = tracker;
    return { ...current, trackers };
  });

/**
 * The schemas of the user's own settings above, entry by entry, for what a settings file carries
 * (lib/background/settings-file/): a file is checked with the same schemas as storage, strictly, so a
 * bad part is named rather than dropped. Lazy: nothing is built until a file is read.
 */
export const userSettingSchemas = {
  preferences: preferencesSchema,
  siteLimits: siteLimitsSchema,
  accepted: acceptedFindingSchema,
  watch: watchSchema,
  watchSettings: watchSettingsSchema,
  agency: agencySchema,
  tracker: issueTrackerSchema,
};

// --- What an administrator set for the extension (storage.managed: Chrome's policies, Firefox's policies.json).

/** The managed area as the browser gives it, unchecked (lib/background/managed/ reads it); empty where there is no policy. */
export async function readManagedArea(): Promise<Record<string, unknown>> {
  try {
    return ((await browser.storage.managed.get(null)) as Record<string, unknown> | undefined) ?? {};
  } catch {
    // Firefox without a policy for the extension, or a browser without the area.
    return {};
  }
}

/** The presets of the policy last applied: a preset is applied once per value the administrator sets, and the user may change it then. */
export const managedApplied = defineStored<{ serviceAddress: string | null; defaultPrivacy: z.infer<typeof privacy> | null }>(
  'local:managedApplied',
  lazy(() => z.object({ serviceAddress: z.nullable(z.string().check(z.maxLength(2048))), defaultPrivacy: z.nullable(privacy) })),
  { serviceAddress: null, defaultPrivacy: null },
);

// --- Settings kept in the browser account's sync (lib/background/settings-sync/): never a key, never a webhook, never a report.

/** What a copy in sync is: its format and version, when it was written, the default privacy, and the services without keys. */
export const SYNCED_COPY_FORMAT = 'site-report-sync';
export const SYNCED_COPY_VERSION = 1;
/** The copy's name in the sync area (`sync:settingsCopy` below): the browser's per-item quota counts it with the value. */
export const SYNCED_COPY_NAME = 'settingsCopy';

/** The most removed services remembered, and carried in a copy: the most recent. */
export const REMOVED_SERVICES_MAX = 20;

/** A service removed while sync was on, here or in another browser of the account: its id, its address and when. */
const removedServiceSchema = lazy(() => z.extend(z.pick(serviceSchema, { id: true, baseUrl: true }), { removedAt: z.number() }));
export type RemovedService = z.infer<typeof removedServiceSchema>;

/**
 * Any field a copy carries beyond these (a key, say) is dropped before it is read or written: a version
 * before `removed` reads a copy with it as one without. The browser bounds the whole copy: at most 8 KB
 * per sync item.
 */
const syncedCopySchema = lazy(() =>
  z.object({
    format: z.literal(SYNCED_COPY_FORMAT),
    version: z.literal(SYNCED_COPY_VERSION),
    writtenAt: z.number(),
    preferences: z.pick(preferencesSchema, { defaultPrivacy: true }),
    services: z.array(serviceSchema).check(z.maxLength(SERVICES_MAX)),
    defaultId: z.nullable(serviceId),
    /** Services removed, the most recent first; absent when there are none, and in copies of versions before. */
    removed: z.optional(z.array(removedServiceSchema).check(z.maxLength(REMOVED_SERVICES_MAX))),
  }),
);
export type SyncedCopy = z.infer<typeof syncedCopySchema>;

/** The copy as found: none, one of a newer version, one that fails its schema, or one to use. */
export type SyncedCopyReading = { state: 'none' } | { state: 'newer' } | { state: 'bad' } | { state: 'ok'; copy: SyncedCopy };

const syncedCopyItem = defineStored<unknown>(
  'sync:settingsCopy',
  lazy(() => z.unknown()),
  null,
);

/** Reads the copy in sync through its schema: another browser, or another version, wrote it. */
export async function readSyncedCopy(): Promise<SyncedCopyReading> {
  const raw = await syncedCopyItem.read();
  if (raw == null) return { state: 'none' };
  if (Number((raw as { version?: unknown }).version) > SYNCED_COPY_VERSION) return { state: 'newer' };
  const parsed = syncedCopySchema.safeParse(raw);
  return parsed.success ? { state: 'ok', copy: parsed.data } : { state: 'bad' };
}

/** Writes the copy, passed through its schema first; the browser's sync quotas may refuse it (the promise then fails). */
export const writeSyncedCopy = (copy: SyncedCopy): Promise<void> => syncedCopyItem.write(syncedCopySchema.parse(copy));
/** Calls back when the copy changes: written here, or by another browser of the account. */
export const watchSyncedCopy = syncedCopyItem.watch;

/** This browser's choice to keep its settings in sync, and what it last wrote or read there. Local: each browser chooses. */
const settingsSyncStateSchema = lazy(() =>
  z.object({
    enabled: z.boolean(),
    /** When this browser last wrote its copy. */
    writtenAt: z.nullable(z.number()),
    /** The `writtenAt` of the last copy of another browser merged here. */
    readAt: z.nullable(z.number()),
    /** The copy this browser's settings make, without its time, as last written or merged: a copy alike is no change. */
    fingerprint: z.nullable(z.string()),
    /** Services left out of the last copy written, as the copy would have passed the per-item quota. */
    trimmed: z.number(),
    problem: z.nullable(z.enum(['bad-copy', 'newer-copy', 'write-failed'])),
  }),
);
export type SettingsSyncState = z.infer<typeof settingsSyncStateSchema>;
export const SETTINGS_SYNC_OFF: SettingsSyncState = { enabled: false, writtenAt: null, readAt: null, fingerprint: null, trimmed: 0, problem: null };
export const settingsSync = defineStored<SettingsSyncState>('local:settingsSync', settingsSyncStateSchema, SETTINGS_SYNC_OFF);

/** The most a copy's time may lead this browser's clock and still move the times this browser gives its changes: a day. */
export const SYNC_CLOCK_LEAD_MAX_MS = 86_400_000;

/**
 * The time of a change that travels in the synced copy (a copy written, a service changed or removed): now by this
 * browser's clock, and always after the copies it last wrote and merged (`state`). A browser whose clock is behind
 * another's then still dates what it changes after reading that browser's copy as later than that copy. A copy's time
 * moves it by at most SYNC_CLOCK_LEAD_MAX_MS.
 */
export function changeTimeAfter(state: Pick<SettingsSyncState, 'writtenAt' | 'readAt'>): number {
  const now = Date.now();
  const seen = Math.max(state.writtenAt ?? 0, state.readAt ?? 0);
  return Math.max(now, Math.min(seen + 1, now + SYNC_CLOCK_LEAD_MAX_MS));
}

/** The most recent of `entries`, one per service id (its latest removal), the most recent first, at most REMOVED_SERVICES_MAX. */
export function latestRemovals(entries: readonly RemovedService[]): RemovedService[] {
  const latest = new Map<string, RemovedService>();
  for (const entry of entries) if ((latest.get(entry.id)?.removedAt ?? -Infinity) < entry.removedAt) latest.set(entry.id, entry);
  return [...latest.values()].sort((a, b) => b.removedAt - a.removedAt).slice(0, REMOVED_SERVICES_MAX);
}

/**
 * The services removed while sync was on, here or in a copy merged here: carried in this browser's copy, so a removal
 * reaches the account's browsers that have not merged it yet. Local, bounded as `latestRemovals` bounds them.
 */
const removedServicesItem = defineStored<RemovedService[]>(
  'local:removedServices',
  lazy(() =>
    z.pipe(
      keepValid(removedServiceSchema).list,
      z.transform((list) => latestRemovals(list)),
    ),
  ),
  [],
);
export const readRemovedServices = removedServicesItem.read;
/** Adds removals to those kept: each service's latest, the most recent kept. */
export const keepRemovedServices = (entries: readonly RemovedService[]): Promise<RemovedService[]> =>
  removedServicesItem.update((kept) => latestRemovals([...kept, ...entries]));
