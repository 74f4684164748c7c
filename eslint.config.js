// The layers, enforced: `npm run lint` fails when a page reaches into the background's code,
// zod, storage or the API client, when the background reaches into a page, when lib/shared
// grows a dependency, or when code is imported any other way than `@/…`. See README "Layout".
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const IMPORT_STYLE = { group: ['./*', '../*'], message: 'Import project code as @/…, the one import style.' };
/** The catalogues are for the build (_locales) and the types: code reads its words through lib/shared/i18n.ts. */
const CATALOGUES = {
  group: ['@/lib/locales/*'],
  allowTypeImports: true,
  message: 'Words come from the browser (lib/shared/i18n.ts): take the catalogues as types only.',
};
/** zod's tree-shakable API (`zod/mini`), set up once in lib/zod.ts before any schema is built: the one way in. */
const ZOD_THROUGH_LIB = [
  { name: 'zod', message: 'Shipped code uses zod/mini (tree-shakable), through @/lib/zod.' },
  { name: 'zod/mini', message: 'Import z from @/lib/zod: it sets zod up (English messages, no `new Function`) before any schema is built.' },
];
const API_CLIENT = ['@/lib/api', '@/lib/api/client', '@/lib/api/http', '@/lib/api/schemas', '@/lib/api/classify', '@/lib/api/fields'];

/** What the files of one layer may not import (type-only imports are allowed where `allowTypeImports` says so). */
function layer(files, { paths = [], patterns = [] }) {
  return { files, rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns: [IMPORT_STYLE, CATALOGUES, ...patterns] }] } };
}

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'bench-results/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-undef': 'off', // TypeScript checks names; WXT declares its globals (defineBackground) for it.
    },
  },
  layer(['lib/**', 'components/**', 'entrypoints/**'], { paths: ZOD_THROUGH_LIB }),
  layer(['lib/zod.ts'], {}),
  // The catalogues are read by wxt.config.ts in Node, where `@/` does not resolve: they import only each other, as ./….
  {
    files: ['lib/locales/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/*', '../*'], message: 'The catalogues import only each other (./…): wxt.config.ts reads them in Node.' }] },
      ],
    },
  },
  // The pages (popup, options, report view): small bundles, no key, no zod. They talk to the background through lib/protocol.ts.
  layer(
    [
      'components/**',
      'entrypoints/popup/**',
      'entrypoints/options/**',
      'entrypoints/report/**',
      'entrypoints/site/**',
      'entrypoints/plan/**',
      'entrypoints/sidepanel/**',
      'lib/pages/**',
      'lib/popup/**',
      'lib/options/**',
      'lib/report/**',
      'lib/site/**',
      'lib/sitemap/**',
      'lib/panel/**',
    ],
    {
      paths: [
        { name: 'zod', message: 'Pages stay free of zod: the background checks what crosses the border.' },
        { name: '@/lib/zod', message: 'Pages stay free of zod: the background checks what crosses the border.' },
        { name: '@/lib/protocol', allowTypeImports: true, message: 'Pages take the protocol as types only: its zod schemas run in the background.' },
        { name: '@/lib/storage', message: 'Only the background reads storage: ask it with a message (lib/protocol.ts).' },
        ...API_CLIENT.map((name) => ({ name, allowTypeImports: true, message: 'Only the background calls the service: pages take its types only.' })),
      ],
      patterns: [
        { group: ['zod/*'], message: 'Pages stay free of zod.' },
        { group: ['@/lib/background/*'], allowTypeImports: true, message: 'Pages talk to the background through messages, not its code.' },
      ],
    },
  ),
  // The background service worker, and the API client and storage only it uses.
  layer(['entrypoints/background.ts', 'lib/background/**', 'lib/api/**', 'lib/storage.ts', 'lib/protocol.ts'], {
    paths: ZOD_THROUGH_LIB,
    patterns: [
      {
        group: ['@/lib/pages/*', '@/lib/popup/*', '@/lib/options/*', '@/lib/report/*', '@/lib/site/*', '@/components/*', 'preact', 'preact/*'],
        message: 'The background does not run page code.',
      },
    ],
  }),
  // Storage is the background's: pages ask it with a message. The one exception is what a popup opened while the worker
  // sleeps reads itself, two key-free session items that lib/storage.ts declares under the names this file holds.
  {
    files: [
      'components/**',
      'entrypoints/**',
      'lib/pages/**',
      'lib/popup/**',
      'lib/options/**',
      'lib/report/**',
      'lib/site/**',
      'lib/sitemap/**',
      'lib/panel/**',
      'lib/shared/**',
    ],
    ignores: ['entrypoints/background.ts', 'lib/shared/kept-for-popup.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['browser', 'chrome'].map((object) => ({
          object,
          property: 'storage',
          message:
            'Only the background reads storage: ask it with a message (lib/protocol.ts); the popup’s head start is lib/shared/kept-for-popup.ts.',
        })),
      ],
    },
  },
  // Used by both sides, so it depends on nothing of either.
  layer(['lib/shared/**'], {
    paths: [
      { name: 'zod', message: 'lib/shared is used by pages and background alike: keep it free of zod.' },
      { name: 'zod/mini', message: 'lib/shared is used by pages and background alike: keep it free of zod.' },
      { name: '@/lib/protocol', allowTypeImports: true, message: 'lib/shared takes the protocol as types only.' },
    ],
    patterns: [{ group: ['@/lib/*', '!@/lib/shared', '!@/lib/shared/*', '!@/lib/protocol'], message: 'lib/shared imports only lib/shared.' }],
  }),
);
