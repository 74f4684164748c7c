import { browser } from 'wxt/browser';

/**
 * The local storage key of the connection. Declared here, zod-free, and used by
 * lib/storage.ts for its item: the options page watches the key without that
 * module, whose zod schemas would otherwise enter its bundle.
 */
export const CONNECTION_KEY = 'connection';

/** Calls back when the stored connection changes (another address, another key, a forgotten key). */
export function onConnectionChange(callback: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && CONNECTION_KEY in changes) callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
