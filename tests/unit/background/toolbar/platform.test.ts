import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerBadge } from '@/lib/background/toolbar/badge';
import { registerContextMenu } from '@/lib/background/toolbar/context-menu';
import { registerNotifications } from '@/lib/background/toolbar/notifications';
import { registerShortcuts } from '@/lib/background/toolbar/shortcuts';
import { hasContextMenus, hasShortcuts } from '@/lib/shared/platform';
import { installFakeToolbarApis } from './fake-apis';

/**
 * Firefox for Android runs the same Firefox build with no `contextMenus` and no `commands`:
 * the background must start all the same, or the features registered after them (the badge)
 * would be lost with it. The fake browser's own stand-ins (which throw "not implemented") are
 * taken away for these tests, as Android has none.
 */
describe('a browser without a right-click menu or shortcuts for extensions', () => {
  const { contextMenus, commands } = fakeBrowser;
  beforeEach(() => {
    fakeBrowser.reset();
    Reflect.deleteProperty(fakeBrowser, 'contextMenus');
    Reflect.deleteProperty(fakeBrowser, 'commands');
  });
  afterEach(() => Object.assign(fakeBrowser, { contextMenus, commands }));

  it('is told apart from one with them', () => {
    expect({ menus: hasContextMenus(), shortcuts: hasShortcuts() }).toEqual({ menus: false, shortcuts: false });
    installFakeToolbarApis();
    expect({ menus: hasContextMenus(), shortcuts: hasShortcuts() }).toEqual({ menus: true, shortcuts: true });
  });

  it('starts the background all the same, in the order entrypoints/background.ts uses', () => {
    const startAll = () => {
      registerNotifications();
      registerContextMenu();
      registerShortcuts();
      return registerBadge();
    };
    const badge = startAll();
    expect(badge).toBeDefined();
    badge.stop();
  });
});
