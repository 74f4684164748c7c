import { browser } from 'wxt/browser';
import { createReportsApi, type ReportsApi } from '@/lib/api';
import { normaliseBaseUrl } from '@/lib/api/address';
import { ApiError } from '@/lib/api/errors';
import { originPattern } from '@/lib/shared/permission';
import type { RequestOf, SettingsView } from '@/lib/protocol';
import { readConnection, readPreferences, writeConnection } from '@/lib/storage';

async function hasPermission(baseUrl: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(baseUrl)] });
}

export async function settingsView(): Promise<SettingsView> {
  const [connection, preferences] = await Promise.all([readConnection(), readPreferences()]);
  return {
    baseUrl: connection?.baseUrl ?? null,
    keySet: Boolean(connection?.apiKey),
    keyHint: connection?.apiKey ? connection.apiKey.slice(-4) : null,
    permissionGranted: connection ? await hasPermission(connection.baseUrl) : false,
    preferences,
  };
}

function permissionMissing(baseUrl: string): ApiError {
  return new ApiError({
    kind: 'permission-missing',
    message: `The browser no longer lets the extension reach ${new URL(baseUrl).host}. Grant the permission again to go on.`,
  });
}

export type ApiFactory = (options: { baseUrl: string; apiKey: string }) => ReportsApi;

/** The API for the stored connection, or the reason there is none to use. */
export async function connectedApi(factory: ApiFactory = createReportsApi): Promise<{ api: ReportsApi; baseUrl: string }> {
  const connection = await readConnection();
  if (!connection?.apiKey) {
    throw new ApiError({
      kind: 'not-connected',
      message: 'The extension is not connected to a report service yet. Open the options to connect it.',
    });
  }
  if (!(await hasPermission(connection.baseUrl))) throw permissionMissing(connection.baseUrl);
  return { api: factory(connection), baseUrl: connection.baseUrl };
}

/**
 * Proves a new connection before keeping it: the previous working settings
 * stay in place until the account answers with the new ones.
 */
export async function saveConnection(request: RequestOf<'saveConnection'>, factory: ApiFactory = createReportsApi) {
  const baseUrl = normaliseBaseUrl(request.baseUrl);
  const apiKey = request.apiKey?.trim() || (await readConnection())?.apiKey;
  if (!apiKey) {
    throw new ApiError({
      kind: 'validation',
      message: 'Enter your API key. You find it in the account area of your report service.',
      fields: { apiKey: ['Enter your API key.'] },
    });
  }
  if (!(await hasPermission(baseUrl))) throw permissionMissing(baseUrl);
  const previous = (await readConnection())?.baseUrl ?? null;
  const account = await factory({ baseUrl, apiKey })
    .getAccount()
    .catch(async (error: unknown) => {
      // The user granted this address for a connection that did not work: hold nothing it does not use.
      await releaseUnusedOrigin(baseUrl, previous);
      throw error;
    });
  await writeConnection({ baseUrl, apiKey });
  if (previous) await releaseUnusedOrigin(previous, baseUrl);
  return { settings: await settingsView(), account };
}

/** Gives back the permission for `unused` unless the address in use needs the same one. */
async function releaseUnusedOrigin(unused: string, inUse: string | null): Promise<void> {
  const pattern = originPattern(unused);
  if (inUse && originPattern(inUse) === pattern) return;
  await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
}

export async function forgetKey(): Promise<SettingsView> {
  const connection = await readConnection();
  if (connection) await writeConnection({ baseUrl: connection.baseUrl, apiKey: '' });
  return settingsView();
}
