import { browser } from 'wxt/browser';
import { createReportsApi, type ReportsApi, type ReportsApiOptions } from '@/lib/api';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { ApiError } from '@/lib/api/errors';
import { originPattern } from '@/lib/shared/permission';
import type { RequestOf, StateChange, StateChangedMessage, SettingsView } from '@/lib/protocol';
import { cleanKey, keyForOtherAddress, keyProblem, missingKey } from '@/lib/shared/api-key';
import type { Connected } from '@/lib/background/alive-and-connected';
import {
  readConnection,
  readConnectionAndLifetime,
  readPreferences,
  readService,
  runs,
  savedKey,
  watchConnection,
  watchPreferences,
  writeConnection,
} from '@/lib/storage';
import { t } from '@/lib/shared/i18n';
import { managedPolicy, registerManagedPolicy, type ManagedPolicy } from '@/lib/background/managed/managed-policy';

/** A named service's connection (absent: the default's); a named service that is gone has none. */
async function readConnectionOf(serviceId?: string | null): Promise<Awaited<ReturnType<typeof readConnectionAndLifetime>>> {
  if (!serviceId) return readConnectionAndLifetime();
  const found = await readService(serviceId);
  return found
    ? { connection: { baseUrl: found.service.baseUrl, apiKey: found.apiKey }, keyForSessionOnly: found.service.keyForSessionOnly }
    : { connection: null, keyForSessionOnly: false };
}

async function hasPermission(baseUrl: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(baseUrl)] });
}

/**
 * What the pages show of the settings, and the API when it may be used (null when not connected or
 * not permitted): the stored connection and its permission read once for both.
 */
export async function settingsAndApi(serviceId?: string | null): Promise<{ settings: SettingsView; api: ReportsApi | null }> {
  const policy = await managedPolicy();
  const [{ connection, keyForSessionOnly }, preferences] = await Promise.all([readConnectionOf(serviceId), readPreferences()]);
  const permissionGranted = connection ? await hasPermission(connection.baseUrl) : false;
  const settings: SettingsView = {
    baseUrl: connection?.baseUrl ?? null,
    keySet: Boolean(connection?.apiKey),
    keyHint: connection?.apiKey ? connection.apiKey.slice(-4) : null,
    permissionGranted,
    keyForSessionOnly,
    preferences,
    ...(managedView(policy) ? { managed: managedView(policy)! } : {}),
  };
  return { settings, api: connection?.apiKey && permissionGranted ? createReportsApi(connection) : null };
}

/** What the options page shows of the policy; nothing when there is none. */
function managedView(policy: ManagedPolicy): SettingsView['managed'] | null {
  const { serviceAddress, serviceName, lockServiceAddress, defaultPrivacy, ignored } = policy;
  if (serviceAddress === null && defaultPrivacy === null && ignored.length === 0) return null;
  return {
    serviceAddress: serviceAddress !== null,
    serviceName,
    addressLocked: lockServiceAddress,
    defaultPrivacy: defaultPrivacy !== null,
    ignored,
  };
}

export async function settingsView(): Promise<SettingsView> {
  return (await settingsAndApi()).settings;
}

function permissionMissing(baseUrl: string): ApiError {
  return new ApiError({
    kind: 'permission-missing',
    message: t('errorPermissionMissing', { host: new URL(baseUrl).host }),
  });
}

/**
 * The API for one service (`serviceId`; absent or null, the default), made with that service's
 * address and key only, or the reason there is none to use. A named service that is gone is never
 * replaced by another. `options`: the client's own retries and abort signal, for work that paces itself.
 */
export async function connectedApi(options: Pick<ReportsApiOptions, 'retry' | 'signal'> = {}, serviceId?: string | null): Promise<Connected> {
  await managedPolicy();
  const found = await readService(serviceId);
  if (!found && serviceId) throw new ApiError({ kind: 'extension', message: t('errorServiceGone') });
  if (!found?.apiKey) {
    throw new ApiError({
      kind: 'not-connected',
      message: t('errorNotConnected'),
    });
  }
  const { service, apiKey } = found;
  if (!(await hasPermission(service.baseUrl))) throw permissionMissing(service.baseUrl);
  return { api: createReportsApi({ baseUrl: service.baseUrl, apiKey, ...options }), baseUrl: service.baseUrl, serviceId: service.id };
}

/**
 * Proves a new connection before keeping it: the previous working settings
 * stay in place until the account answers with the new ones.
 */
export async function saveConnection(request: RequestOf<'saveConnection'>) {
  const baseUrl = normaliseBaseUrl(request.baseUrl);
  const policy = await managedPolicy();
  if (policy.lockServiceAddress && policy.serviceAddress !== baseUrl) {
    throw new ApiError({ kind: 'validation', message: t('managedAddressLocked'), fields: { baseUrl: [t('managedAddressLocked')] } });
  }
  const typed = cleanKey(request.apiKey ?? '');
  const saved = await savedKey();
  // A saved key goes only to the origin it was saved for: another address needs it typed again.
  const apiKey = typed || (saved && saved.origin === new URL(baseUrl).origin ? saved.key : '');
  const problem = typed
    ? keyProblem(typed)
    : apiKey
      ? null
      : saved
        ? keyForOtherAddress(new URL(saved.origin).host, new URL(baseUrl).host)
        : missingKey();
  if (problem) {
    throw new ApiError({ kind: 'validation', message: problem, fields: { apiKey: [apiKey ? problem : t('keyMissingShort')] } });
  }
  if (!(await hasPermission(baseUrl))) throw permissionMissing(baseUrl);
  const previous = (await readConnection())?.baseUrl ?? null;
  const account = await createReportsApi({ baseUrl, apiKey })
    .getAccount()
    .catch(async (error: unknown) => {
      // The user granted this address for a connection that did not work: hold nothing it does not use.
      await releaseUnusedOrigin(baseUrl, previous);
      throw error;
    });
  // The key goes straight to the area the form chose: a key meant for memory only never touches the disk.
  await writeConnection({ baseUrl, apiKey, keyForSessionOnly: request.keyForSessionOnly });
  if (previous) await releaseUnusedOrigin(previous, baseUrl);
  return { settings: await settingsView(), account };
}

/** Gives back the permission for `unused` unless the address in use needs the same one. */
async function releaseUnusedOrigin(unused: string, inUse: string | null): Promise<void> {
  const pattern = originPattern(unused);
  if (inUse && originPattern(inUse) === pattern) return;
  await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
}

/** Moves the key to session storage (forgotten when the browser closes) or back to local storage. */
export async function saveKeyLifetime(sessionOnly: boolean): Promise<SettingsView> {
  const connection = await readConnection();
  if (connection) await writeConnection({ baseUrl: connection.baseUrl, apiKey: connection.apiKey, keyForSessionOnly: sessionOnly });
  return settingsView();
}

export async function forgetKey(): Promise<SettingsView> {
  const connection = await readConnection();
  if (connection) await writeConnection({ baseUrl: connection.baseUrl, apiKey: '' });
  return settingsView();
}

/** Tells the open pages that `change` changed: they read it again. */
export function announce(change: StateChange): void {
  const message: StateChangedMessage = { type: 'stateChanged', change };
  // No page open is no failure: nobody needs telling.
  browser.runtime.sendMessage(message).catch(() => undefined);
}

/**
 * Tells open pages that what they show changed, wherever it was changed:
 * another window, the background itself (the badge turned off with its
 * permission, a queued report made), or the browser's own permission
 * settings. Pages read it again.
 */
export function registerChangeAnnouncer(): void {
  watchConnection(() => announce('connection'));
  watchPreferences(() => announce('preferences'));
  // A run writes at every item: the pages hear of it at most a few times a second.
  let runsTimer: ReturnType<typeof setTimeout> | null = null;
  runs.watch(() => {
    runsTimer ??= setTimeout(() => {
      runsTimer = null;
      announce('runs');
    }, 250);
  });
  registerManagedPolicy(() => announce('connection'));
  browser.permissions.onAdded.addListener(() => announce('permission'));
  browser.permissions.onRemoved.addListener(() => announce('permission'));
}

/**
 * Development builds started by `npm start` come pointed at the local report
 * service, so a newcomer can report a page within a minute. Production builds
 * never carry these variables and start empty.
 */
export async function applyDemoConnection(): Promise<void> {
  const baseUrl = import.meta.env.WXT_DEMO_SERVICE_URL as string | undefined;
  const apiKey = import.meta.env.WXT_DEMO_API_KEY as string | undefined;
  if (!import.meta.env.DEV || !baseUrl || !apiKey) return;
  if (await readConnection()) return;
  await writeConnection({ baseUrl, apiKey });
}
