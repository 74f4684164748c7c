/**
 * The production build for the benchmark, in its own folder (a `wxt build` started meanwhile
 * by a test run empties .output first). Run as a child process by run.ts, which keeps WXT's
 * progress output out of the table and shows it only when the build fails.
 *   tsx tests/bench/build.ts OUT_DIR   →  OUT_DIR/chrome-mv3
 */
import { build } from 'wxt';
import { projectRoot } from '../e2e/support/paths.ts';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: tsx tests/bench/build.ts OUT_DIR');
await build({ root: projectRoot, outDir, mode: 'production' });
