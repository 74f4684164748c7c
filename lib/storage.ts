import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { privacy } from '@/lib/protocol';
import { CONNECTION_KEY } from '@/lib/reports-view/connection-watch';
import { reportsViewSchema } from '@/lib/reports-view/schema';
import { DEFAULT_REPORTS_VIEW, type ReportsView } from '@/lib/options/reports-view';

/**
 * Everything the extension keeps, declared once. Each item is versioned from
 * the start so later shapes can migrate, and every read goes through a zod
 * schema: storage is a border like any other (another version of the
 * extension, or a user poking at devtools, may have written it).
 */

const connectionSchema = z.object({
  baseUrl: z.string().min(1),
  /** Empty once the user forgets the key: the address stays so it need not be typed again. */
  apiKey: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

const preferencesSchema = z.object({
  defaultPrivacy: privacy,
  badgeEnabled: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const DEFAULT_PREFERENCES: Preferences = { defaultPrivacy: 1, badgeEnabled: false };

/** The key lives in local storage only: sync storage would copy it to every browser of the account. */
const connectionItem = storage.defineItem<Connection | null>(`local:${CONNECTION_KEY}`, {
  fallback: null,
  version: 1,
});

const preferencesItem = storage.defineItem<Preferences>('sync:preferences', {
  fallback: DEFAULT_PREFERENCES,
  version: 1,
});

export async function readConnection(): Promise<Connection | null> {
  const parsed = connectionSchema.nullable().safeParse(await connectionItem.getValue());
  return parsed.success ? parsed.data : null;
}

export async function writeConnection(connection: Connection | null): Promise<void> {
  if (connection) await connectionItem.setValue(connectionSchema.parse(connection));
  else await connectionItem.removeValue();
}

export async function readPreferences(): Promise<Preferences> {
  const stored = await preferencesItem.getValue();
  const parsed = preferencesSchema.partial().safeParse(stored);
  return { ...DEFAULT_PREFERENCES, ...(parsed.success ? parsed.data : {}) };
}

export async function writePreferences(changes: Partial<Preferences>): Promise<Preferences> {
  const next = preferencesSchema.parse({ ...(await readPreferences()), ...changes });
  await preferencesItem.setValue(next);
  return next;
}

export const watchConnection = (cb: () => void) => connectionItem.watch(cb);
export const watchPreferences = (cb: () => void) => preferencesItem.watch(cb);

/** The reports manager's search, filters, sort, page size and page: kept on this device so reopening the options page shows the same list. */
const reportsViewItem = storage.defineItem<ReportsView>('local:reportsView', {
  fallback: DEFAULT_REPORTS_VIEW,
  version: 1,
});

export async function readReportsView(): Promise<ReportsView> {
  return reportsViewSchema.parse(await reportsViewItem.getValue());
}

export async function writeReportsView(view: ReportsView): Promise<void> {
  await reportsViewItem.setValue(reportsViewSchema.parse(view));
}
