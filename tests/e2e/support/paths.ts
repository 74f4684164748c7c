import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The project folder, found from this file so tests run from any working directory. */
export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The production Chrome build that `wxt build` writes and the end-to-end tests load. */
export const chromeBuildDir = join(projectRoot, '.output', 'chrome-mv3');

/** Screenshots and timings of the last run (gitignored). */
export const artifactsDir = join(projectRoot, 'test-artifacts');
export const screenshotsDir = join(artifactsDir, 'screenshots');
export const timingsFile = join(artifactsDir, 'timings.jsonl');

/** Debian's Chromium: the tests never download a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
