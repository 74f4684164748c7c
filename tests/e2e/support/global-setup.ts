import { rm } from 'node:fs/promises';
import { timingsFile } from './paths.ts';
import { wxtBuild } from './wxt-build.ts';

/**
 * Once per end-to-end run: the production build the tests load (`wxt build` →
 * .output/chrome-mv3), and an empty timings file. E2E_SKIP_BUILD=1 reuses the last build.
 */
export default async function setup(): Promise<void> {
  await rm(timingsFile, { force: true });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  await wxtBuild([]);
}
