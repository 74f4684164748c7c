import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../e2e/support/paths.ts';

/**
 * Once per run: the production Firefox build the tests install (`wxt build -b firefox` →
 * .output/firefox-mv3). E2E_SKIP_BUILD=1 reuses the last build.
 */
export default async function setup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const wxt = join(projectRoot, 'node_modules', '.bin', 'wxt');
  try {
    // Vitest sets NODE_ENV=test, which Vite would carry into a larger, non-production bundle.
    const env = { ...process.env, NODE_ENV: 'production' };
    await promisify(execFile)(wxt, ['build', '-b', 'firefox'], { cwd: projectRoot, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`wxt build -b firefox failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
