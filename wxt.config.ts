import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { existsSync } from 'node:fs';

// https://wxt.dev/api/config.html
export default defineConfig({
  manifestVersion: 3,
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  // addons.mozilla.org asks for the sources of a bundled add-on: what the build reads, and the
  // README that says how to rebuild it (`npm run check:firefox-sources` does, and compares).
  zip: {
    includeSources: [
      'entrypoints/**',
      'lib/**',
      'components/**',
      'public/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
    ],
  },
  webExt: {
    // Debian and Ubuntu ship Chromium here; elsewhere web-ext finds Chrome by itself.
    binaries: existsSync('/usr/bin/chromium') ? { chrome: '/usr/bin/chromium' } : {},
    // `npm start` opens the local service's own home page: a page to report even offline.
    startUrls: [process.env.WXT_DEMO_SERVICE_URL ?? 'https://example.com/'],
    // Chromium refuses to start as root without it (containers, CI machines).
    chromiumArgs: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  },
  manifest: ({ browser, mode }) => ({
    name: 'Site Report',
    description: 'Audit the page in front of you with your own report service, and find, edit and delete your past reports.',
    // storage: settings and jobs. activeTab: the address of the tab the popup, menu or shortcut acts on.
    // contextMenus: "Report this page/link". notifications: the outcome of reports made without the popup.
    permissions: ['storage', 'activeTab', 'contextMenus', 'notifications'],
    // tabs: asked for only when the user turns the badge on, which must know every tab's address.
    optional_permissions: ['tabs'],
    // Chromium silently leaves a suggested key unassigned when it keeps it for itself
    // (Alt+Shift+R, P, A and W among them); the end-to-end tests check both keys are taken.
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+O' }, description: 'Open Site Report' },
      'report-page': { suggested_key: { default: 'Alt+Shift+S' }, description: 'Report the current page' },
    },
    // Nothing is granted at install: the options page asks for the one origin the user configures.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // `npm start` points development builds at the local service on loopback.
    ...(mode === 'development' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'site-report@report-service.extension',
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
            // data_collection_permissions needs 140 on desktop and 142 on Android.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
