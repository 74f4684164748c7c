import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser lacks `contextMenus`, `commands`, `permissions` and
 * `runtime.openOptionsPage`. These stand-ins keep the state the real browser
 * would (menu items, granted permissions, options pages opened) so tests can
 * assert on it, and their events can be fired like the fake browser's own.
 */

type Listener<A extends unknown[]> = (...args: A) => unknown;

export function fakeEvent<A extends unknown[]>() {
  const listeners: Listener<A>[] = [];
  return {
    addListener: (l: Listener<A>) => void listeners.push(l),
    removeListener: (l: Listener<A>) => void listeners.splice(listeners.indexOf(l), 1),
    hasListener: (l: Listener<A>) => listeners.includes(l),
    trigger: async (...args: A) => Promise.all(listeners.map((l) => l(...args))),
  };
}

export interface FakeToolbarApis {
  menuItems: Map<string, Browser.contextMenus.CreateProperties>;
  menuClicked: ReturnType<typeof fakeEvent<[Browser.contextMenus.OnClickData, Browser.tabs.Tab | undefined]>>;
  command: ReturnType<typeof fakeEvent<[string, Browser.tabs.Tab | undefined]>>;
  /** Origins and API permissions the user has granted. */
  granted: Set<string>;
  permissionAdded: ReturnType<typeof fakeEvent<[Browser.permissions.Permissions]>>;
  permissionRemoved: ReturnType<typeof fakeEvent<[Browser.permissions.Permissions]>>;
  optionsOpened: () => number;
}

export function installFakeToolbarApis(): FakeToolbarApis {
  const menuItems = new Map<string, Browser.contextMenus.CreateProperties>();
  const menuClicked = fakeEvent<[Browser.contextMenus.OnClickData, Browser.tabs.Tab | undefined]>();
  const command = fakeEvent<[string, Browser.tabs.Tab | undefined]>();
  const granted = new Set<string>();
  const permissionAdded = fakeEvent<[Browser.permissions.Permissions]>();
  const permissionRemoved = fakeEvent<[Browser.permissions.Permissions]>();
  let optionsOpened = 0;

  const all = (p: Browser.permissions.Permissions) => [...(p.origins ?? []), ...(p.permissions ?? [])];
  Object.assign(fakeBrowser, {
    contextMenus: {
      create: (item: Browser.contextMenus.CreateProperties, done?: () => void) => {
        // The real browser refuses a second item with the same id.
        if (item.id && menuItems.has(item.id)) throw new Error(`Duplicate menu id ${item.id}`);
        menuItems.set(String(item.id), item);
        done?.();
        return item.id;
      },
      removeAll: async () => menuItems.clear(),
      onClicked: menuClicked,
    },
    commands: { onCommand: command },
    permissions: {
      contains: async (p: Browser.permissions.Permissions) => all(p).every((name) => granted.has(name)),
      request: async (p: Browser.permissions.Permissions) => {
        all(p).forEach((name) => granted.add(name));
        await permissionAdded.trigger(p);
        return true;
      },
      remove: async (p: Browser.permissions.Permissions) => {
        all(p).forEach((name) => granted.delete(name));
        await permissionRemoved.trigger(p);
        return true;
      },
      onAdded: permissionAdded,
      onRemoved: permissionRemoved,
    },
  });
  Object.assign(fakeBrowser.runtime, { openOptionsPage: async () => void (optionsOpened += 1) });
  return { menuItems, menuClicked, command, granted, permissionAdded, permissionRemoved, optionsOpened: () => optionsOpened };
}
