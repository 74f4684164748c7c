/**
 * `npm run bench:pair -- BEFORE_DIR AFTER_DIR`: two builds measured in alternating blocks, then compared. Two whole runs
 * one after the other do not meet the same machine: on a shared 2-core machine the blank pages alone move by a quarter
 * between them. Blocks that alternate (before, after, after, before, …) spread that drift over both builds; each block
 * is one `npm run bench` of its own browser and service, and compare.ts pools the blocks of each side.
 *   npm run bench:pair -- b/chrome-mv3 a/chrome-mv3                      # 4 blocks of 6 runs each, 2 warm-up runs
 *   npm run bench:pair -- b a --blocks 6 --runs 5 --warmup 2 --out-dir bench-results/pair
 */
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../e2e/support/paths.ts';

export type Side = 'before' | 'after';

/** The sides each block measures, in turn: before first in even blocks, after first in odd ones, so neither always meets the machine first. */
export function blockOrder(blocks: number): Side[][] {
  return Array.from({ length: blocks }, (_, block) => (block % 2 ? ['after', 'before'] : ['before', 'after']));
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      blocks: { type: 'string', default: '4' },
      runs: { type: 'string', default: '6' },
      warmup: { type: 'string', default: '2' },
      'out-dir': { type: 'string', default: join('bench-results', 'pair') },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 2) throw new Error('usage: npm run bench:pair -- BEFORE_BUILD_DIR AFTER_BUILD_DIR [--blocks 4 --runs 6 --warmup 2]');
  // --runs and --warmup are passed on as given: run.ts reads them, and refuses what is not a whole number.
  const [blocks, runs] = [Number(values.blocks), Number(values.runs)];
  if (!Number.isInteger(blocks) || blocks < 2 || blocks % 2) throw new Error(`--blocks wants an even number from 2, not ${values.blocks}`);
  if (blocks * runs < 20) console.warn(`Only ${blocks * runs} runs of each in all: a quick look, not a result (the figures want at least 20).`);

  const builds = { before: resolve(positionals[0]!), after: resolve(positionals[1]!) };
  const outDir = resolve(projectRoot, values['out-dir']);
  await mkdir(outDir, { recursive: true });
  const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
  const files: Record<Side, string[]> = { before: [], after: [] };

  for (const [block, order] of blockOrder(blocks).entries()) {
    for (const side of order) {
      const out = join(outDir, `${side}-${block + 1}.json`);
      console.log(`Block ${block + 1} of ${blocks}: ${side} (${builds[side]})…`);
      const args = ['--build-dir', builds[side], '--runs', values.runs, '--warmup', values.warmup, '--out', out, '--block'];
      const run = spawnSync(tsx, [join(import.meta.dirname, 'run.ts'), ...args], { cwd: projectRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      await writeFile(out.replace(/\.json$/, '.log'), `${run.stdout}${run.stderr}`);
      if (run.status !== 0) throw new Error(`Block ${block + 1} (${side}) failed:\n${run.stderr.slice(-4000)}`);
      files[side].push(out);
    }
  }

  console.log();
  const compare = spawnSync(tsx, [join(import.meta.dirname, 'compare.ts'), ...files.before, '--', ...files.after], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (compare.status !== 0) process.exitCode = compare.status ?? 1;
  console.log(`\nEvery block's samples: ${outDir}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
