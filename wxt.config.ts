import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// https://wxt.dev/api/config.html
export default defineConfig({
  manifestVersion: 3,
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: 'Site Report',
    description:
      'Audit the page in front of you with your own report service, and find, edit and delete your past reports.',
    permissions: ['storage', 'activeTab'],
    // Nothing is granted at install: the options page asks for the one origin the user configures.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'site-report@report-service.extension',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
