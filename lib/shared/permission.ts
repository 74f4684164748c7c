import type { Browser } from 'wxt/browser';

/**
 * The host permission the extension asks for, kept free of zod and of the
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
