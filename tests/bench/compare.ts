/**
 * Before and after: the goals' figures, the median of every timing and the sizes from bench result files.
 * Several files on one side are pooled (all their samples); sizes are the first file's.
 *
 *   npx tsx tests/bench/compare.ts b1.json b2.json -- a1.json a2.json [--baseline tests/bench/baseline.json --before SHA --after SHA]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { figuresOf, SAMPLES, shown, type BenchResult, type Samples } from './figures.ts';
import { median, round } from './stats.ts';
import { formatTable, kb } from './table.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const out = option('--baseline');
const labels = { before: option('--before'), after: option('--after') };
const split = args.indexOf('--');
if (split < 1 || split === args.length - 1) throw new Error('usage: compare.ts BEFORE.json [...] -- AFTER.json [...] [--baseline FILE]');

function pool(files: string[]): BenchResult {
  const results = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchResult);
  const samples = Object.fromEntries(SAMPLES.map((key) => [key, results.flatMap((r) => r.samples?.[key] ?? [])])) as Samples;
  return { commit: results[0]!.commit, sizes: results[0]!.sizes, samples };
}

const sides = { before: args.slice(0, split), after: args.slice(split + 1) };
const [before, after] = [pool(sides.before), pool(sides.after)];
const [b, a] = [figuresOf(before.samples), figuresOf(after.samples)];
const change = (x: number, y: number) =>
  Number.isFinite(x) && Number.isFinite(y) ? `${y - x >= 0 ? '+' : ''}${round(((y - x) / x) * 100, 0)} %` : '–';
const medianOf = (r: BenchResult, key: keyof Samples) => median(r.samples[key] ?? []);

console.log(
  formatTable(
    ['figure', 'before', 'after', 'goal', 'after: met', 'n before/after'],
    b.map((f, i) => [f.label, shown(f), shown(a[i]!), f.goal, a[i]!.met ? 'met' : 'not met', `${f.n}/${a[i]!.n}`]),
  ),
);
console.log();
console.log(
  formatTable(
    ['median (ms)', 'before', 'after', 'change'],
    SAMPLES.map((key) => [
      key,
      medianOf(before, key).toFixed(1),
      medianOf(after, key).toFixed(1),
      change(medianOf(before, key), medianOf(after, key)),
    ]),
  ),
);
console.log();
const sizes = (['backgroundRaw', 'backgroundGzip', 'popupGzip'] as const).map((key) => [
  key,
  kb(before.sizes[key]),
  kb(after.sizes[key]),
  change(before.sizes[key], after.sizes[key]),
]);
console.log(formatTable(['size (KB)', 'before', 'after', 'change'], sizes));

if (out) {
  const side = (r: BenchResult, figures: typeof b, files: string[], label?: string) => ({
    build: label ?? r.commit ?? 'unknown',
    runs: files,
    figures: Object.fromEntries(figures.map((f) => [f.label, { value: f.value, goal: f.goal, median: f.median, floor: f.floor, n: f.n }])),
    sizes: r.sizes,
  });
  const baseline = { before: side(before, b, sides.before, labels.before), after: side(after, a, sides.after, labels.after) };
  writeFileSync(out, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`\nWritten: ${out}`);
}
