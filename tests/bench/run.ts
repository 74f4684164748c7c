/**
 * `npm run bench`: how fast the extension feels, in Debian's Chromium on the production
 * build, against the local report service on loopback. Prints a table, writes every raw
 * sample to bench-results/bench.json.
 *
 *   npm run bench                       # fresh production build in bench-results/build
 *   npm run bench -- --runs 30          # samples per timing (default 25; fewer than 20 is only a quick look)
 *   npm run bench -- --build-dir .output/chrome-mv3   # an existing build instead
 *   npm run bench -- --out bench-results/before.json
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot, chromiumPath } from '../e2e/support/paths.ts';
import { measureBundles } from './bundles.ts';
import { instrumentBuild } from './instrument.ts';
import { runScenarios } from './scenarios.ts';
import { printReport, summariseBench } from './report.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '25' },
    warmup: { type: 'string', default: '3' },
    'build-dir': { type: 'string' },
    out: { type: 'string', default: join('bench-results', 'bench.json') },
    'slow-ms': { type: 'string', default: '800' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const slowMs = Number(values['slow-ms']);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number, not ${values.runs}`);
if (runs < 20) console.warn(`Only ${runs} runs each: a quick look, not a result (the figures want at least 20).`);
if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`--warmup wants a whole number, not ${values.warmup}`);

const started = performance.now();
const resultsDir = join(projectRoot, 'bench-results');
let buildDir = values['build-dir'] ? resolve(values['build-dir']) : '';
if (!buildDir) {
  // Its own folder: a `wxt build` started meanwhile by a test run empties .output first.
  console.log('Building the extension for production…');
  buildInto(join(resultsDir, 'build'));
  buildDir = join(resultsDir, 'build', 'chrome-mv3');
}
const sizes = measureBundles(buildDir);
const extensionDir = await instrumentBuild(buildDir, join(resultsDir, 'instrumented'));

console.log(`Measuring (${runs} runs each after ${warmup} warm-up)…`);
const timings = await runScenarios({ extensionDir, runs, warmup, slowMs, log: (line) => console.log(`  ${line}`) });

const result = {
  at: new Date().toISOString(),
  // The commit built; unknown for a build made elsewhere (--build-dir).
  commit: values['build-dir'] ? null : git(['rev-parse', '--short', 'HEAD']),
  dirty: values['build-dir'] ? null : git(['status', '--porcelain', '--', 'entrypoints', 'components', 'lib', 'public', 'wxt.config.ts']) !== '',
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '', chromium: chromiumVersion() },
  settings: { runs, warmup, slowServiceMs: slowMs, buildDir: relative(projectRoot, buildDir) },
  sizes,
  ...timings,
  benchSeconds: Math.round((performance.now() - started) / 1000),
};
printReport(result);
const summary = summariseBench(result);
const out = resolve(projectRoot, values.out);
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify({ summary, ...result }, null, 2)}\n`);
console.log(`\nRaw samples: ${out} (${result.benchSeconds} s in all)`);

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

function buildInto(outDir: string): void {
  const tsx = join(projectRoot, 'node_modules', '.bin', 'tsx');
  try {
    execFileSync(tsx, [join(projectRoot, 'tests', 'bench', 'build.ts'), outDir], { cwd: projectRoot, stdio: 'pipe', maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: Buffer | string; stderr?: Buffer | string };
    throw new Error(`The production build failed:\n${String(stdout)}\n${String(stderr)}`, { cause: error });
  }
}
