/**
 * `npm run check:budgets`: the built extension (.output/chrome-mv3, or the folder given) measured as the bench
 * measures it (bundles.ts), against tests/bench/budgets.json; exits 1 when a bundle is over or carries code it must not.
 *   npm run check:budgets -- [path/to/chrome-mv3] [--propose]   # --propose: budgets 10 % above this build, to review
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromeBuildDir } from '../e2e/support/paths.ts';
import { BUNDLES, findMarkers, measureBundles, type BundleName, type BundleSizes, type Size } from './bundles.ts';
import { formatTable, kb } from './table.ts';

type Part = 'js' | 'total';
type Limits = Record<Part, Size>;
export interface Budgets {
  budgets: Record<BundleName, Limits>;
  /** Code a page must not bundle, by a text only that code contains (zod's `_zod`, the API client's header). */
  forbidden?: Partial<Record<BundleName, Record<string, string>>>;
}

export interface BudgetLine {
  bundle: BundleName;
  what: string;
  measured: number;
  limit: number;
  over: boolean;
}

export function checkBudgets(sizes: BundleSizes, budgets: Budgets): BudgetLine[] {
  return BUNDLES.flatMap((bundle) =>
    (['js', 'total'] as const).flatMap((part) =>
      (['raw', 'gzip'] as const).map((kind) => {
        const limit = budgets.budgets[bundle]?.[part]?.[kind];
        if (typeof limit !== 'number') throw new Error(`budgets.json has no ${bundle}.${part}.${kind}`);
        const measured = sizes[bundle][part][kind];
        return { bundle, what: `${part === 'js' ? 'JS' : 'JS + CSS'} ${kind}`, measured, limit, over: measured > limit };
      }),
    ),
  );
}

/** The popup's JS on opening, gzip, at most: lower it as the popup shrinks. */
export const POPUP_JS_GZIP_MAX = 16.5 * 1024;

/** 10 % above what was measured, rounded down to 100 bytes; the popup's JS gzip never above POPUP_JS_GZIP_MAX. */
export function proposeBudgets(sizes: BundleSizes): Budgets {
  const above = (bytes: number) => Math.floor((bytes * 1.1) / 100) * 100;
  const limits = (bundle: BundleName): Limits => {
    const { js, total } = sizes[bundle];
    const jsGzip = bundle === 'popup' ? Math.min(above(js.gzip), POPUP_JS_GZIP_MAX) : above(js.gzip);
    return { js: { raw: above(js.raw), gzip: jsGzip }, total: { raw: above(total.raw), gzip: above(total.gzip) } };
  };
  return { budgets: { popup: limits('popup'), options: limits('options'), report: limits('report'), background: limits('background') } };
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { propose: { type: 'boolean' } }, allowPositionals: true });
  const buildDir = positionals[0] ? resolve(positionals[0]) : chromeBuildDir;
  const sizes = measureBundles(buildDir);
  const budgets = JSON.parse(readFileSync(join(import.meta.dirname, 'budgets.json'), 'utf8')) as Budgets;
  if (values.propose) return console.log(JSON.stringify({ ...budgets, ...proposeBudgets(sizes) }, null, 2));
  if (budgets.budgets.popup.js.gzip > POPUP_JS_GZIP_MAX) throw new Error(`budgets.json lets the popup JS exceed ${POPUP_JS_GZIP_MAX / 1024} KB gzip`);
  const lines = checkBudgets(sizes, budgets);
  console.log(`Bundle budgets for ${buildDir} (KB = 1024 bytes; gzip level 9 per file):\n`);
  const rows = lines.map((l) => [
    l.bundle,
    l.what,
    kb(l.measured),
    kb(l.limit),
    `${Math.round((l.measured / l.limit) * 100)} %`,
    l.over ? 'OVER' : 'ok',
  ]);
  console.log(formatTable(['bundle', 'measure', 'size KB', 'budget KB', 'used', ''], rows));
  const over = lines.filter((l) => l.over).map((l) => `${l.bundle} ${l.what} over by ${l.measured - l.limit} bytes`);
  const bundled = BUNDLES.flatMap((bundle) =>
    findMarkers(buildDir, sizes[bundle], budgets.forbidden?.[bundle] ?? {}).map((hit) => `${bundle} bundles ${hit.name} (${hit.file})`),
  );
  if (over.length === 0 && bundled.length === 0) return console.log('\nEvery bundle is within its budget, and none carries code it must not.');
  if (over.length > 0) console.error(`\n${over.join('; ')}: make it smaller (\`npx wxt build --analyze\`), or raise its budget with the reason.`);
  if (bundled.length > 0) console.error(`\n${bundled.join('; ')}: pages import the protocol and the API's types with \`import type\` only.`);
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
