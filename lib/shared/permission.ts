import { browser, type Browser } from 'wxt/browser';

/**
 * The permissions the extension asks for, kept free of zod and of the
 * API client: the options page and the popup must call
 * `permissions.request` with it straight from a click.
 */

/** The host permission for a service address. Ports are left out: Firefox's match patterns cannot name one. */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** The badge must know every tab's address: asked for only when the user turns it on. */
export const TABS_PERMISSION: Browser.permissions.Permissions = { permissions: ['tabs'] };

/**
 * Asks the browser to let the extension reach the service. Call it straight
 * from the user's click, with nothing awaited before: the browser shows its
 * prompt only inside the gesture. Answers false when refused or when the
 * browser could not ask.
 */
export function requestServiceAccess(baseUrl: string): Promise<boolean> {
  return browser.permissions.request({ origins: [originPattern(baseUrl)] }).catch(() => false);
}
