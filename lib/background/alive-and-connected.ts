import { browser } from 'wxt/browser';
import type { ReportsApi } from '@/lib/api';

/**
 * What every part of the worker needs: a way to keep it alive through long work, and the
 * type of the connected service (lib/background/connection.ts `connectedApi` gives one).
 */

/** The API client with the address it was made for (the report view links to the service's own pages). */
export interface Connected {
  api: ReportsApi;
  baseUrl: string;
  /** The id of the service it calls (absent only where a test hands in a client of its own). */
  serviceId?: string;
}

// A pending fetch alone does not keep an MV3 service worker alive past 30 s;
// any extension API call resets the idle timer.
// https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle
// Firefox's event page is unloaded after the same 30 s, and its timer is reset the same way
// (every API call from the background, "parentapicall" in Firefox's ExtensionParent).
/** Keeps the worker alive until the function it answers is called. */
export function keepAlive(): () => void {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  return () => clearInterval(timer);
}
