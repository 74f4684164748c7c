/**
 * Words for what differs between browsers, so a page can tell the user how their own browser
 * does it. One build per browser (`wxt build -b firefox`): the other browser's words are left out.
 */

/** Where Firefox keeps the switch of the service's host permission, which a Firefox user may turn off at any time. */
export function hostPermissionHelp(): string | null {
  return import.meta.env.FIREFOX
    ? 'Firefox also lets you turn this access on and off in about:addons (Site Report → Permissions and data), or from the Extensions button while your service’s site is open.'
    : null;
}

/** Where the user changes the extension's keyboard shortcuts in their browser. */
export function shortcutSettingsPlace(): string {
  return import.meta.env.FIREFOX
    ? 'Firefox keeps them in about:addons: the gear menu, then “Manage Extension Shortcuts”.'
    : 'Chrome, Edge and other Chromium browsers keep them at chrome://extensions/shortcuts.';
}
