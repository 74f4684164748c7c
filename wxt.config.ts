import { defineConfig, type Entrypoint, type EntrypointGroup } from 'wxt';
import preact from '@preact/preset-vite';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { localeFiles } from './lib/locales/build';

/**
 * zod probes for `new Function` on first parse, to compile faster parsers. The
 * background turns that off (`zod/mini` never compiles; lib/zod.ts sets `jitless`
 * too), but the probe's text could stay in the bundle, and store reviewers' lint reads it as
 * eval (web-ext's DANGEROUS_EVAL). This drops the probe from zod's util.js, so
 * the bundle says what it does: never evaluate code. A zod upgrade that moves
 * the probe fails the build here rather than bringing it back unnoticed.
 */
function zodWithoutEvalProbe(): Plugin {
  const probe = /const F = Function;\s*new F\(""\);\s*return true;/;
  return {
    name: 'zod-without-eval-probe',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/.test(id)) return null;
      if (!probe.test(code))
        this.error('zod-without-eval-probe: the probe for `new Function` was not found in zod/v4/core/util.js; check it after the upgrade.');
      return { code: code.replace(probe, 'return false;'), map: null };
    },
  };
}

/**
 * What two or more pages share (Preact, lib/pages, lib/shared, the API's errors and addresses,
 * components/ui) in one file rather than ten small ones: each file an extension page loads costs
 * its main thread a few ms on opening, more than the bytes a page gets that it does not use.
 * The dialogs, the secret field and the live region apart: the options page uses them, the popup
 * only on its password screen. The checks' names and summary apart too. The site limits apart: the popup loads them
 * only for a site with limits. What hands a report over (its link and the service's addresses, the agency, trackers,
 * CSV, the clipboard) apart: the popup loads it after its first frame. WXT's empty `virtual:wxt-html-plugins` module
 * (every page imports it) and Vite's helper for `import()` (the pages' later screens) join the shared file rather than
 * load as files of their own. Only in the pages' build: the background is one IIFE file, which has no chunks, and a
 * page built alone (pagesBuiltAlone) loads one file at start.
 */
function sharedPageChunks(): Plugin {
  const dialogs =
    /[\\/](components[\\/]ui[\\/](Dialog|PrivacyDialog|DeleteDialog|SecretInput|Field|LiveRegion)\.tsx|lib[\\/]pages[\\/]use-announcer\.ts)/;
  const checkNames = /[\\/]lib[\\/]shared[\\/]check-(names|summary)\.ts/;
  // A site's limits and their verdict: the popup loads them only when its site has limits.
  const limits =
    /[\\/](lib[\\/]shared[\\/](site-limits|check-categories|limits-words)|lib[\\/]pages[\\/](use-site-limits|report-outcome)|components[\\/]ui[\\/]LimitsVerdictLine)\.tsx?|[\\/]components[\\/]ui[\\/]limits\.css/;
  // A report handed over: its link, the agency, the trackers, CSV and the clipboard.
  const handover = /[\\/]lib[\\/](shared[\\/](agency|report-link|issue-tracker|csv)|pages[\\/]copy-text|api[\\/]service-address)\.ts/;
  // Watching pages is drawn once loaded, after a page's first frame: its code stays out of the shared chunk.
  const watching =
    /[\\/](components[\\/]ui[\\/]WatchPages?Button\.tsx|lib[\\/]pages[\\/]use-watch-pages\.ts|lib[\\/]shared[\\/](watch-cost|webhook-address)\.ts)/;
  const shared =
    /([\\/](node_modules[\\/]preact|lib[\\/](pages|shared|api)|components[\\/]ui)[\\/]|virtual:wxt-html-plugins|vite[\\/]preload-helper)/;
  let pagesBuilt = 0;
  return {
    name: 'shared-page-chunks',
    options(input) {
      pagesBuilt = typeof input.input === 'object' ? Object.keys(input.input).length : 1;
      return null;
    },
    outputOptions(output) {
      if (output.format !== 'es') return null;
      // A page built on its own (pagesBuiltAlone): what it loads at start is one file, its entry.
      if (pagesBuilt < 2) return { ...output, codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } };
      return {
        ...output,
        codeSplitting: {
          groups: [
            {
              name: 'pages',
              test: (id: string) =>
                shared.test(id) && !dialogs.test(id) && !checkNames.test(id) && !limits.test(id) && !handover.test(id) && !watching.test(id),
              minShareCount: 2,
            },
            { name: 'dialogs', test: dialogs },
            { name: 'limits', test: limits },
            { name: 'handover', test: handover, minShareCount: 2 },
          ],
        },
      };
    },
  };
}

/**
 * The stylesheets of the pages named, written into their HTML as <style>: the browser paints a page
 * only once its stylesheets are in, and each file fetched for that costs the page's main thread a few
 * ms. The options page keeps its links: its figures are the table's, not its first paint.
 * Each link stays, `disabled` (never fetched, never applied), for Vite's loader of later screens, which
 * would otherwise add the shared sheet again at the end of the head, after the page's own rules.
 */
function stylesInline(pages: string[]): Plugin {
  return {
    name: 'styles-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !pages.some((page) => context.filename.endsWith(page))) return html;
        return html.replace(/<link rel="stylesheet"([^>]*?) href="\/?([^"]+)"([^>]*)>/g, (_link, before: string, file: string, after: string) => {
          const sheet = bundle[file];
          const rules = sheet?.type === 'asset' ? String(sheet.source).trim() : '';
          if (!rules || rules.includes('</'))
            throw new Error(`styles-inline: ${context.filename} links ${file}, which the build did not write as plain rules`);
          return `<style>${rules}</style><link rel="stylesheet"${before} href="/${file}"${after} disabled>`;
        });
      },
    },
  };
}

/**
 * The report view and the site view are each built apart from the other pages: everything a first frame needs is then
 * one file, where the build shared with the other pages split it into six or more (each fetched, and the start waiting
 * for them all). Their later parts import from that file. Pages share no code at run time (each document loads its
 * own), so another copy of Preact and lib/pages in the package costs only bytes on disk.
 */
const BUILT_ALONE = ['report', 'site'];

function pagesBuiltAlone(groups: EntrypointGroup[]) {
  for (const name of BUILT_ALONE) {
    const pages = groups.find((group): group is Entrypoint[] => Array.isArray(group) && group.some((entry) => entry.name === name));
    if (!pages || pages.length < 2) continue;
    const at = pages.findIndex((entry) => entry.name === name);
    groups.push(pages.splice(at, 1));
  }
}

// https://wxt.dev/api/config.html
export default defineConfig({
  manifestVersion: 3,
  vite: () => ({
    // Chrome and Firefox 140 preload modules themselves: no polyfill in the pages' first chunk. A page's HTML names the
    // chunks its start imports, fetched at once. A part loaded later by `import()` fetches its own imports as the browser
    // reads them, rather than through a <link rel="modulepreload"> that Vite's helper adds to the page for each: adding
    // them took the cold popup's main thread 25 ms between its kept reports and its answer.
    build: {
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    },
    plugins: [preact(), zodWithoutEvalProbe(), sharedPageChunks(), stylesInline(['popup/index.html', 'report/index.html'])],
  }),
  hooks: {
    'entrypoints:grouped': (_wxt, groups) => pagesBuiltAlone(groups),
    // The catalogues (locales/*.ts) become the browser's _locales; `wxt build --mode pseudo` makes every one the pseudo-locale.
    'build:publicAssets': (wxt, files) => {
      files.push(...localeFiles({ pseudo: wxt.config.mode === 'pseudo' }));
      // The privacy policy, linked from the options page: PRIVACY.md as the one source, shown as plain text.
      files.push({ absoluteSrc: resolve(wxt.config.root, 'PRIVACY.md'), relativeDest: 'privacy.txt' });
    },
    // WXT names Firefox's sidebar after the page's <title>, which cannot be translated.
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.sidebar_action) manifest.sidebar_action.default_title = '__MSG_extName__';
    },
  },
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
      'PRIVACY.md',
      '.npmrc',
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
    // Words from the catalogue (lib/locales/en.ts and the others), in the browser's language.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // The toolbar button's name (WXT would take the popup's <title>, which cannot be translated).
    action: { default_title: '__MSG_extName__' },
    // storage: settings and jobs. activeTab: the address of the tab the popup, menu or shortcut acts on.
    // contextMenus: "Report this page/link". notifications: the outcome of reports made without the popup.
    // alarms: retries of reports queued while the service was away, and settling reports a stopped worker left.
    // scripting: the report view's "Show on page", a one-shot outline of the findings in that tab, injected on
    // the user's click where activeTab (or a host permission asked for in that click) allows; it grants no site by itself.
    permissions: ['storage', 'activeTab', 'contextMenus', 'notifications', 'alarms', 'scripting'],
    // tabs: asked for only when the user turns the badge on, which must know every tab's address.
    optional_permissions: ['tabs'],
    // Chromium silently leaves a suggested key unassigned when it keeps it for itself
    // (Alt+Shift+R, P, A and W among them); the end-to-end tests check both keys are taken.
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+O' }, description: '__MSG_commandOpen__' },
      'report-page': { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_commandReportPage__' },
      // Three of the four suggested keys Chrome allows.
      'open-beside': { suggested_key: { default: 'Alt+Shift+Y' }, description: '__MSG_commandOpenBeside__' },
    },
    // Nothing is granted at install: the options page asks for the one origin the user configures.
    // Plain http only on this computer: the hosts lib/api/service-address.ts accepts it for (LOOPBACK_HOSTS; a unit test keeps them equal).
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://[::1]/*'],
    // `npm start` points development builds at the local service on loopback.
    ...(mode === 'development' ? { host_permissions: ['http://127.0.0.1/*'] } : {}),
    // What an organisation may preset through Chrome's policies (public/managed-schema.json); Firefox reads policies.json without a schema.
    ...(browser === 'firefox' ? {} : { storage: { managed_schema: 'managed-schema.json' } }),
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
