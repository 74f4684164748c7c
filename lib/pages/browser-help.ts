import { t } from '@/lib/shared/i18n';
/**
 * Words for what differs between browsers, so a page can tell the user how their own browser
 * does it. One build per browser (`wxt build -b firefox`): the other browser's words are left out.
 */

/** Where Firefox keeps the switch of the service's host permission, which a Firefox user may turn off at any time. */
export function hostPermissionHelp(): string | null {
  return import.meta.env.FIREFOX ? t('permissionFirefoxHelp') : null;
}

/** Where the user changes the extension's keyboard shortcuts in their browser. */
export function shortcutSettingsPlace(): string {
  return import.meta.env.FIREFOX ? t('shortcutsFirefoxPlace') : t('shortcutsChromePlace');
}
