import { browser } from 'wxt/browser';
import { sitePermissionsHeld } from '@/lib/storage';
import { afterStart } from '@/lib/background/start-work';

/**
 * The site permissions a click on "Show on page" added (lib/report/use-show-on-page.ts),
 * each held for the report view's tab that asked, and given back when that view is done
 * with them or goes: closed, reloaded, sent to another address, or closed with the
 * browser. The view cannot give them back itself as it goes: work started in `pagehide`
 * may never finish. Only what a click added is held here, so a site the user had granted
 * before is never taken away.
 */

/** Keeps `origins` for the report view in `tabId`; a view in no tab cannot be watched going, so they go back at once. */
export async function holdSitePermission(tabId: number | undefined, origins: string[]): Promise<void> {
  if (tabId === undefined) {
    await removeOrigins(origins);
    return;
  }
  await sitePermissionsHeld.update((held) => ({ ...held, [tabId]: [...new Set([...(held[tabId] ?? []), ...origins])] }));
}

/** Gives back what the report view in `tabId` holds, but what another view holds too. */
export async function giveBackSitePermission(tabId: number): Promise<void> {
  // Most tab events are of other tabs: no write for them.
  if (!(String(tabId) in (await sitePermissionsHeld.read()))) return;
  let origins: string[] = [];
  await sitePermissionsHeld.update(({ [tabId]: given = [], ...others }) => {
    const stillHeld = new Set(Object.values(others).flat());
    origins = given.filter((origin) => !stillHeld.has(origin));
    return others;
  });
  await removeOrigins(origins);
}

/** Tab ids begin again with each browser session: what the last one left held all goes back. */
async function giveBackAll(): Promise<void> {
  let origins: string[] = [];
  await sitePermissionsHeld.update((held) => {
    origins = [...new Set(Object.values(held).flat())];
    return {};
  });
  await removeOrigins(origins);
}

/** A view's tab closed while the background could not hear it (the extension turned off, or updated). */
async function giveBackForClosedTabs(): Promise<void> {
  for (const tabId of Object.keys(await sitePermissionsHeld.read()).map(Number)) {
    const open = await browser.tabs.get(tabId).catch(() => undefined);
    if (!open) await giveBackSitePermission(tabId);
  }
}

async function removeOrigins(origins: string[]): Promise<void> {
  if (origins.length > 0) await browser.permissions.remove({ origins }).catch(() => false);
}

export function registerSitePermissionReturn(): void {
  browser.tabs.onRemoved.addListener((tabId) => void giveBackSitePermission(tabId));
  // A view reloaded or sent elsewhere starts loading; the page that held the permissions is gone.
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') void giveBackSitePermission(tabId);
  });
  browser.runtime.onStartup.addListener(() => void giveBackAll());
  afterStart(giveBackForClosedTabs);
}
