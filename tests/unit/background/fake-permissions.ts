import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser has no `permissions` API: this one keeps a set of granted
 * origins, as the real browser does after the user answers its prompt, and
 * fires `onAdded` / `onRemoved` as it does.
 */
export function installFakePermissions(): Set<string> {
  const granted = new Set<string>();
  const listeners = { added: new Set<() => void>(), removed: new Set<() => void>() };
  const event = (set: Set<() => void>) => ({ addListener: (fn: () => void) => void set.add(fn) });
  const permissions = {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    getAll: async () => ({ origins: [...granted].sort(), permissions: [] }),
    request: async ({ origins = [] }: { origins?: string[] }) => {
      origins.forEach((o) => granted.add(o));
      listeners.added.forEach((fn) => fn());
      return true;
    },
    remove: async ({ origins = [] }: { origins?: string[] }) => {
      origins.forEach((o) => granted.delete(o));
      listeners.removed.forEach((fn) => fn());
      return true;
    },
    onAdded: event(listeners.added),
    onRemoved: event(listeners.removed),
  };
  Object.assign(fakeBrowser, { permissions });
  return granted;
}
