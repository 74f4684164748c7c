import { browser } from 'wxt/browser';
import { storage, type StorageItemKey } from 'wxt/utils/storage';
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
} from '@/lib/protocol';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { RESULT_LABELS } from '@/lib/shared/score';
import { NO_AGENCY } from '@/lib/shared/agency';
import { TRACKERS_MAX } from '@/lib/shared/issue-tracker';

/**
 * Everything the extension keeps, declared here and nowhere else: each item
 * has its key, its zod schema, a fallback and a version. Every read goes
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

function defineStored<T>(key: StorageItemKey, schema: z.ZodMiniType<T>, fallback: T): StoredItem<T> {
  const item = storage.defineItem<T>(key, { fallback, version: 1 });
  const queue = createSerialQueue();
  const read = async (): Promise<T> => {
    await closedToPages;
    const parsed = schema.safeParse(await item.getValue());
    return parsed.success ? parsed.data : fallback;
  };
  return {
    read,
    write: (value) =>
      queue(async () => {
        await closedToPages;
        await item.setValue(schema.parse(value));
      }),
    update: (change) =>
      queue(async () => {
        const next = schema.parse(change(await read()));
        await item.setValue(next);
        return next;
      }),
    remove: () =>
      queue(async () => {
        await closedToPages;
        await item.removeValue();
      }),
    watch: (callback) => item.watch(() => callback()),
  };
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

// --- The connection: local only, as sync storage would copy the key to every browser of the account.
// The address and the key are separate items: the key is bound to the origin it was saved for, and a
// change of address never carries it along (it must be typed again for another origin). The key is in
// local storage, or, when the user asks to forget it when the browser closes, in session storage,
// which lives in memory only and goes with the browser.

/** What the background works with: the address, and the key when one is saved for that address's origin (else empty). */
export interface Connection {
  baseUrl: string;
  apiKey: string;
}

/** `revision` changes with every save, so one watch of this item sees every change of address or key. */
const addressItem = defineStored<{ baseUrl: string; revision?: number; keyForSessionOnly?: boolean; apiKey?: string } | null>(
  'local:connection',
  // Versions before the key had its own item kept it here: read, moved to its item, then dropped.
  lazy(() =>
    z.nullable(
      z.object({
        baseUrl: z.string().check(z.minLength(1)),
        revision: z.optional(z.number()),
        keyForSessionOnly: z.optional(z.boolean()),
        apiKey: z.optional(z.string()),
      }),
    ),
  ),
  null,
);
const keySchema = lazy(() => z.nullable(z.object({ origin: z.string(), key: z.string().check(z.minLength(1)) })));
const keyItems = {
  local: defineStored<{ origin: string; key: string } | null>('local:apiKey', keySchema, null),
  session: defineStored<{ origin: string; key: string } | null>('session:apiKey', keySchema, null),
};

const originOf = (baseUrl: string) => new URL(baseUrl).origin;
const keyItemFor = (sessionOnly: boolean | undefined) => (sessionOnly ? keyItems.session : keyItems.local);

/** The connection, and whether its key is kept until the browser closes only: one reading of the address for both. */
export async function readConnectionAndLifetime(): Promise<{ connection: Connection | null; keyForSessionOnly: boolean }> {
  // Both key items are read with the address rather than after it: every request to the service waits for this.
  const [address, local, session] = await Promise.all([addressItem.read(), keyItems.local.read(), keyItems.session.read()]);
  if (!address) return { connection: null, keyForSessionOnly: false };
  if (address.apiKey !== undefined) {
    await writeConnection({ baseUrl: address.baseUrl, apiKey: address.apiKey });
    return readConnectionAndLifetime();
  }
  const sessionOnly = address.keyForSessionOnly ?? false;
  const saved = sessionOnly ? session : local;
  const apiKey = saved && saved.origin === originOf(address.baseUrl) ? saved.key : '';
  return { connection: { baseUrl: address.baseUrl, apiKey }, keyForSessionOnly: sessionOnly };
}

export async function readConnection(): Promise<Connection | null> {
  return (await readConnectionAndLifetime()).connection;
}

/** The saved key and the origin it is bound to, for a save that may keep it. */
export async function savedKey(): Promise<{ origin: string; key: string } | null> {
  return keyItemFor((await addressItem.read())?.keyForSessionOnly).read();
}

/**
 * Keeps the address, and the key bound to its origin (in local or session
 * storage, as the user chose, kept as it was unless told); an empty key
 * forgets the saved one.
 */
export async function writeConnection(connection: { baseUrl: string; apiKey: string; keyForSessionOnly?: boolean } | null): Promise<void> {
  if (!connection) {
    await Promise.all([addressItem.remove(), keyItems.local.remove(), keyItems.session.remove()]);
    return;
  }
  const sessionOnly = connection.keyForSessionOnly ?? (await addressItem.read())?.keyForSessionOnly ?? false;
  // The key first, and only in the area chosen: whoever watches the address finds both in place.
  await keyItemFor(!sessionOnly).remove();
  if (connection.apiKey) await keyItemFor(sessionOnly).write({ origin: originOf(connection.baseUrl), key: connection.apiKey });
  else await keyItemFor(sessionOnly).remove();
  await addressItem.update((previous) => ({ baseUrl: connection.baseUrl, keyForSessionOnly: sessionOnly, revision: (previous?.revision ?? 0) + 1 }));
}

/** Calls back when the address or the key changes (every save changes the address item's revision). */
export const watchConnection = addressItem.watch;

// --- Preferences: synced, read field by field so one bad value keeps the others.

const DEFAULT_PREFERENCES: Preferences = { defaultPrivacy: 1, badgeEnabled: false };
const preferencesItem = defineStored<Preferences>(
  'sync:preferences',
  lazy(() =>
    z.object({
      defaultPrivacy: z.catch(preferencesSchema.shape.defaultPrivacy, DEFAULT_PREFERENCES.defaultPrivacy),
      badgeEnabled: z.catch(preferencesSchema.shape.badgeEnabled, DEFAULT_PREFERENCES.badgeEnabled),
    }),
  ),
  DEFAULT_PREFERENCES,
);
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
const runsItem = defineStored<Run[]>('local:runs', keepValid(runSchema).list, []);

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

/** The popup's head start: what it last showed for each page, the most recently shown first. */
export const popupPages = defineStored<CachedPage[]>('session:popupPageCache', keepValid(cachedPageSchema).list, []);

/**
 * Report views opened lately, the most recently opened first, so that opening one again draws at
 * once (lib/background/report-cache.ts bounds them). Session, not local: a report may be private or
 * password-protected, and its findings name the site's own addresses, so it is never written to disk.
 */
export const reportViews = defineStored<CachedReportView[]>('session:reportViews', keepValid(cachedReportViewSchema).list, []);

/** The privacy chosen in the popup for the page it was open on, kept until a report is made. */
export const privacyDraft = defineStored<{ url: string; privacy: z.infer<typeof privacy> } | null>(
  'session:popupPrivacyDraft',
  lazy(() => z.nullable(z.object({ url: z.string(), privacy }))),
  null,
);

/** What a click on each notification shown does; the worker that wakes for the click must still know. */
const notificationActionSchema = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('report'), id: z.int().check(z.positive()), section: z.optional(z.literal('changes')) }),
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
