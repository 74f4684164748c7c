import type { ChromeScope } from './chrome-scope.ts';

/**
 * about:addons, where a Firefox user manages an extension's permissions and shortcuts. It
 * runs in Firefox's own process, so the chrome scope reads and clicks it directly.
 */

/** Opens about:addons in a new tab at the extension's "Permissions and data" tab. */
export async function openAddonPermissions(chrome: ChromeScope, extensionId: string): Promise<void> {
  await chrome.run((c) => {
    c.gBrowser.selectedTab = c.gBrowser.addTab('about:addons', { triggeringPrincipal: c.Services.scriptSecurityManager.getSystemPrincipal() });
  });
  await chrome.waitFor(
    'about:addons',
    (c) => c.gBrowser.selectedBrowser.contentDocument?.readyState === 'complete' && Boolean(c.gBrowser.selectedBrowser.contentWindow?.loadView),
    [],
  );
  await chrome.run(
    (c, id) => c.gBrowser.selectedBrowser.contentWindow?.loadView?.(`addons://detail/${encodeURIComponent(id)}/permissions`),
    extensionId,
  );
  // The view opens on its Details tab: a click on the other tab shows the permissions.
  await chrome.waitFor(
    'the "Permissions and data" tab',
    (c) => {
      const win = c.gBrowser.selectedBrowser.contentWindow;
      const tab = win?.document.querySelector('addon-card button[name="permissions"]');
      if (!win || !tab) return false;
      c.events.synthesizeMouseAtCenter(tab, {}, win);
      return win.document.querySelector('addon-permissions-list moz-toggle') !== null;
    },
    [],
  );
}

/** Whether the optional permission's switch (e.g. `http://127.0.0.1/*`) is on; null when there is none. */
export function permissionSwitch(chrome: ChromeScope, permission: string): Promise<boolean | null> {
  return chrome.run((c, key) => {
    const toggle = c.gBrowser.selectedBrowser.contentDocument?.querySelector(`moz-toggle[permission-key="${key}"]`);
    return toggle ? Reflect.get(toggle, 'pressed') === true : null;
  }, permission);
}

/** Turns the optional permission's switch on or off, with a click on it. */
export async function flipPermissionSwitch(chrome: ChromeScope, permission: string, on: boolean): Promise<void> {
  if ((await permissionSwitch(chrome, permission)) === on) return;
  await chrome.run((c, key) => {
    const win = c.gBrowser.selectedBrowser.contentWindow;
    const toggle = win?.document.querySelector(`moz-toggle[permission-key="${key}"]`);
    if (!win || !toggle) throw new Error(`No switch for ${key} in about:addons`);
    // The switch's own button sits in its shadow root.
    c.events.synthesizeMouseAtCenter(toggle.shadowRoot?.querySelector('button') ?? toggle, {}, win);
  }, permission);
  await chrome.waitFor(
    `the switch for ${permission} to turn ${on ? 'on' : 'off'}`,
    (c, key, wanted) => {
      const toggle = c.gBrowser.selectedBrowser.contentDocument?.querySelector(`moz-toggle[permission-key="${key}"]`);
      return toggle !== null && toggle !== undefined && Reflect.get(toggle, 'pressed') === wanted;
    },
    [permission, on],
  );
}

/** The commands and keys about:addons' "Manage Extension Shortcuts" lists for the extension, in the selected tab. */
export function listedShortcuts(chrome: ChromeScope, name: string): Promise<{ command: string; keys: string }[]> {
  return chrome.run((c, extensionName) => {
    const doc = c.gBrowser.selectedBrowser.contentDocument;
    const card = [...(doc?.querySelectorAll('addon-shortcuts .card') ?? [])].find(
      (k) => k.querySelector('.card-heading-name, h2')?.textContent?.trim() === extensionName,
    );
    return [...(card?.querySelectorAll('.shortcut-row') ?? [])].map((row) => {
      const input = row.querySelector('.shortcut-input');
      return { command: row.querySelector('.shortcut-label')?.textContent?.trim() ?? '', keys: input ? String(Reflect.get(input, 'value')) : '' };
    });
  }, name);
}

/** Closes every about:addons tab. */
export async function closeAddons(chrome: ChromeScope): Promise<void> {
  await chrome.run((c) => {
    for (const tab of c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec.startsWith('about:addons'))) c.gBrowser.removeTab(tab);
  });
}
