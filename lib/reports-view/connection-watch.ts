import { browser } from 'wxt/browser';

/**
 * The key of the connection item declared in lib/storage.ts. Watched here
 * without that module, whose zod schemas would otherwise enter the options
 * page's bundle; a unit test keeps the two in step.
 */
const CONNECTION_KEY = 'connection';

/** Calls back when the stored connection changes (another address, another key, a forgotten key). */
export function onConnectionChange(callback: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'local' && CONNECTION_KEY in changes) callback();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
