/**
 * Before and after, side by side: medians of every timing, ratios to the blank page and
 * bundle sizes from bench JSON files. Several files on one side are pooled (all their samples).
 *
 *   npx tsx tests/bench/compare.ts bench-results/before.json -- bench-results/after.json
 *   npx tsx tests/bench/compare.ts b1.json b2.json -- a1.json a2.json --baseline tests/bench/baseline.json \
 *     --before 2b2c73f --after a87e7a4          # what each side built, for the baseline file
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BUNDLES } from './bundles.ts';
import { summariseBench, type BenchResult } from './report.ts';
import { round } from './stats.ts';
import { formatTable, kb } from './table.ts';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const out = option('--baseline');
const labels = { before: option('--before'), after: option('--after') };
const split = args.indexOf('--');
if (split < 1 || split === args.length - 1) throw new Error('usage: compare.ts BEFORE.json [...] -- AFTER.json [...] [--baseline FILE]');

type Bench = BenchResult & { commit?: string | null; machine?: unknown; at?: string };
const SAMPLED = [
  'popup',
  'popupUncached',
  'blank',
  'floorFiles',
  'floorAnswer',
  'floorReady',
  'floorAnswerOnly',
  'slowPopup',
  'coldPopup',
  'coldBlank',
  'worker',
  'options',
  'optionsDrawFloor',
  'reportView',
  'reportViewUncached',
  'tabBlank',
  'tabFloorFiles',
  'tabFloorAnswer',
  'tabFloorAnswerOnly',
] as const;

/** One result with every sample of `files`; sizes and settings from the first. */
function pool(files: string[]): Bench {
  const results = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Bench);
  const first = results[0]!;
  const pooled: Bench = { ...first };
  for (const key of SAMPLED) Object.assign(pooled, { [key]: results.flatMap((r) => (r[key] ?? []) as unknown[]) });
  return pooled;
}

const before = pool(args.slice(0, split));
const after = pool(args.slice(split + 1));
const [b, a] = [summariseBench(before), summariseBench(after)];
/** Bundles both sides measured: runs from before the report view existed have no `report`. */
const bundles = BUNDLES.filter((name) => before.sizes[name] && after.sizes[name]);
const change = (x: number, y: number) => `${y - x >= 0 ? '+' : ''}${round(((y - x) / x) * 100, 0)} %`;

console.log(
  formatTable(
    ['median (ms)', 'before', 'after', 'change', 'n before/after'],
    b.rows.map((row, i) => {
      const next = a.rows[i]!;
      return [
        row.label,
        row.summary.median.toFixed(1),
        next.summary.median.toFixed(1),
        change(row.summary.median, next.summary.median),
        `${row.summary.n}/${next.summary.n}`,
      ];
    }),
  ),
);
console.log();
console.log(
  formatTable(
    ['popup ÷ blank page', 'before', 'after'],
    Object.entries(b.ratios).map(([name, ratio]) => [name, `${ratio.toFixed(2)}×`, `${a.ratios[name as keyof typeof a.ratios].toFixed(2)}×`]),
  ),
);
console.log();
console.log(
  formatTable(
    ['bundle (KB)', 'raw before', 'raw after', 'gzip before', 'gzip after'],
    bundles.flatMap((name) =>
      (['js', 'total'] as const).map((part) => [
        `${name} ${part === 'js' ? 'JS' : 'JS + CSS'}`,
        kb(before.sizes[name][part].raw),
        kb(after.sizes[name][part].raw),
        kb(before.sizes[name][part].gzip),
        kb(after.sizes[name][part].gzip),
      ]),
    ),
  ),
);

if (out) {
  const side = (r: Bench, s: typeof b, files: string[], label: string | undefined) => ({
    build: label ?? r.commit ?? 'unknown',
    runs: files,
    machine: r.machine,
    medians: Object.fromEntries(s.rows.map((row) => [row.label, row.summary])),
    ratios: s.ratios,
    sizes: Object.fromEntries(bundles.map((name) => [name, { js: r.sizes[name].js, css: r.sizes[name].css, total: r.sizes[name].total }])),
  });
  const baseline = {
    $comment:
      'Figures of `npm run bench` before and after the popup was made faster, pooled over the runs named; raw samples stay in bench-results/ (not committed). Regenerate: tests/bench/compare.ts.',
    settings: { ...before.settings, buildDir: undefined },
    before: side(before, b, args.slice(0, split), labels.before),
    after: side(after, a, args.slice(split + 1), labels.after),
  };
  writeFileSync(out, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`\nWritten: ${out}`);
}
