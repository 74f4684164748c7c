import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { fileURLToPath } from 'node:url';

// The end-to-end projects run Node code of lib/shared, which imports as @/… like the rest of the project.
const alias = { '@': fileURLToPath(new URL('.', import.meta.url)).replace(/[\\/]$/, '') };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          // The fake browser answers i18n.getMessage from the English catalogue.
          setupFiles: ['tests/unit/support/i18n.ts'],
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}'],
          // Vitest's default is one worker fewer than the cores: one, on two.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        // The production build in a real Chromium, built once per run, after the unit group. Two files run at a time,
        // beside the Firefox ones: each runs slower, but both suites end about a fifth sooner than one file at a time.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/support/english-in-node.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        // The Firefox build in Debian's Firefox ESR (tests/e2e-firefox/support/README.md), in the same group as Chromium's.
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.test.ts'],
          setupFiles: ['tests/support/english-in-node.ts'],
          globalSetup: ['tests/e2e-firefox/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
