/** The production build in OUT_DIR/chrome-mv3, run as a child process by run.ts: `tsx tests/bench/build.ts OUT_DIR`. */
import { build } from 'wxt';
import { projectRoot } from '../e2e/support/paths.ts';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: tsx tests/bench/build.ts OUT_DIR');
await build({ root: projectRoot, outDir, mode: 'production' });
