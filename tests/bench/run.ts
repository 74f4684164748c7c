/**
 * `npm run bench`: how fast the extension feels, in Debian's Chromium on the production build, against the local
 * report service on loopback. Prints each goal's figure, writes every sample to bench-results/bench.json.
 *   npm run bench -- --runs 30 --warmup 3                # samples per timing (fewer than 20 is only a quick look)
 *   npm run bench -- --build-dir .output/chrome-mv3      # an existing build instead of a fresh one
 *   npm run bench -- --out bench-results/before.json
 *   npm run bench -- --block …                           # one block of `npm run bench:pair` (pair.ts), pooled with others
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromiumPath, projectRoot } from '../e2e/support/paths.ts';
import { measureBundles } from './bundles.ts';
import { figuresOf, printSummary, sizesOf } from './figures.ts';
import { instrumentBuild } from './instrument.ts';
import { runScenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '25' },
    warmup: { type: 'string', default: '3' },
    'build-dir': { type: 'string' },
    out: { type: 'string', default: join('bench-results', 'bench.json') },
    block: { type: 'boolean', default: false },
  },
});
const [runs, warmup] = [Number(values.runs), Number(values.warmup)];
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number, not ${values.runs}`);
if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`--warmup wants a whole number, not ${values.warmup}`);
if (runs < 20 && !values.block) console.warn(`Only ${runs} runs each: a quick look, not a result (the figures want at least 20).`);

const started = performance.now();
const resultsDir = join(projectRoot, 'bench-results');
let buildDir = values['build-dir'] ? resolve(values['build-dir']) : '';
if (!buildDir) {
  // In its own folder, as a child process: a `wxt build` started meanwhile by a test run empties .output first.
  console.log('Building the extension for production…');
  const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
  const built = spawnSync(tsx, [join(import.meta.dirname, 'build.ts'), join(resultsDir, 'build')], { cwd: projectRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`The production build failed:\n${built.stdout}\n${built.stderr}`);
  buildDir = join(resultsDir, 'build', 'chrome-mv3');
}
const sizes = sizesOf(measureBundles(buildDir));
const extensionDir = await instrumentBuild(buildDir, join(resultsDir, 'instrumented'));
const scratchDir = await mkdtemp(join(tmpdir(), 'bench-'));

console.log(`Measuring (${runs} runs each after ${warmup} warm-up)…`);
const samples = await runScenarios({ extensionDir, scratchDir, runs, warmup, log: (line) => console.log(`  ${line}`) }).finally(() =>
  rm(scratchDir, { recursive: true, force: true }),
);
const result = {
  at: new Date().toISOString(),
  // The commit built; unknown for a build made elsewhere (--build-dir).
  commit: values['build-dir'] ? null : output('git', ['rev-parse', '--short', 'HEAD']),
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '', chromium: output(chromiumPath, ['--version']) },
  settings: { runs, warmup, buildDir: relative(projectRoot, buildDir) },
  sizes,
  samples,
  benchSeconds: Math.round((performance.now() - started) / 1000),
};
console.log();
printSummary(result);
const out = resolve(projectRoot, values.out);
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify({ figures: figuresOf(samples), ...result }, null, 2)}\n`);
console.log(`\nEvery sample: ${out} (${result.benchSeconds} s in all)`);

/** What a command prints, or '' when it fails. */
function output(command: string, args: string[]): string {
  const run = spawnSync(command, args, { cwd: projectRoot, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return run.status === 0 ? run.stdout.trim() : '';
}
