import { execFile } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from './paths.ts';

/** Held while one build runs: the end-to-end files run two at a time, and every build rewrites `.wxt/`. */
const LOCK = join(projectRoot, '.output', '.build-lock');
/** A lock older than this was left by a run that was killed. */
const STALE_MS = 5 * 60_000;

/**
 * `wxt build` with `args`, one at a time across the test processes. Vitest sets NODE_ENV=test, which Vite would carry
 * into a larger, non-production bundle: `env` says otherwise.
 */
export async function wxtBuild(args: string[], env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' }): Promise<void> {
  await mkdir(join(projectRoot, '.output'), { recursive: true });
  const deadline = Date.now() + 2 * STALE_MS;
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw error;
      const held = await stat(LOCK).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const wxt = join(projectRoot, 'node_modules', '.bin', 'wxt');
    await promisify(execFile)(wxt, ['build', ...args], { cwd: projectRoot, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`wxt build ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}
