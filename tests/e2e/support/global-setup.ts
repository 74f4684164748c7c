import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot, timingsFile } from './paths.ts';

/**
 * Once per end-to-end run: the production build the tests load (`wxt build` →
 * .output/chrome-mv3), and an empty timings file. E2E_SKIP_BUILD=1 reuses the last build.
 */
export default async function setup(): Promise<void> {
  await rm(timingsFile, { force: true });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const wxt = join(projectRoot, 'node_modules', '.bin', 'wxt');
  try {
    // Vitest sets NODE_ENV=test, which Vite would carry into a larger, non-production bundle.
    const env = { ...process.env, NODE_ENV: 'production' };
    await promisify(execFile)(wxt, ['build'], { cwd: projectRoot, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`wxt build failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
