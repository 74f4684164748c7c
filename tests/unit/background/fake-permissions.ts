import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser has no `permissions` API: this one keeps a set of granted
 * origins, as the real browser does after the user answers its prompt.
 */
export function installFakePermissions(): Set<string> {
  const granted = new Set<string>();
  const permissions = {
    contains: async ({ origins = [] }: { origins?: string[] }) => origins.every((o) => granted.has(o)),
    request: async ({ origins = [] }: { origins?: string[] }) => {
      origins.forEach((o) => granted.add(o));
      return true;
    },
    remove: async ({ origins = [] }: { origins?: string[] }) => {
      origins.forEach((o) => granted.delete(o));
      return true;
    },
  };
  Object.assign(fakeBrowser, { permissions });
  return granted;
}
