/**
 * `npm run check:budgets`: the built extension (.output/chrome-mv3, or the folder given)
 * measured as the benchmark measures it (bundles.ts), against tests/bench/budgets.json.
 * Exits 1 with the table when any bundle is over; timings are never checked here.
 *
 *   npm run check:budgets                     # after `wxt build`
 *   npm run check:budgets -- path/to/chrome-mv3
 *   npm run check:budgets -- --propose        # budgets 10 % above this build, to review by hand
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

const PARTS: readonly Part[] = ['js', 'total'];
const KINDS: readonly (keyof Size)[] = ['raw', 'gzip'];

export interface BudgetLine {
  bundle: BundleName;
  what: string;
  measured: number;
  limit: number;
  over: boolean;
}

export function checkBudgets(sizes: BundleSizes, budgets: Budgets): BudgetLine[] {
  return BUNDLES.flatMap((bundle) =>
    PARTS.flatMap((part) =>
      KINDS.map((kind) => {
        const limit = budgets.budgets[bundle]?.[part]?.[kind];
        if (typeof limit !== 'number') throw new Error(`budgets.json has no ${bundle}.${part}.${kind}`);
        const measured = sizes[bundle][part][kind];
        return { bundle, what: `${part === 'js' ? 'JS' : 'JS + CSS'} ${kind}`, measured, limit, over: measured > limit };
      }),
    ),
  );
}

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

/**
 * The popup's JS on opening, gzip, at most: 16 KB (was 20 KB). Issue 12's goal is 10 KB; the popup
 * opens with 14.9 KB, of which Preact and its hooks are 5.9 KB and the first frame's own code
 * (address, form, the page's reports with their summary, messaging, errors, dates) the rest; every
 * screen it rarely shows is already loaded later (components/popup/lazy-screens.ts). Lower it as the popup shrinks.
 */
export const POPUP_JS_GZIP_MAX = 16 * 1024;

function main(): void {
  const { values, positionals } = parseArgs({ options: { propose: { type: 'boolean' } }, allowPositionals: true });
  const buildDir = positionals[0] ? resolve(positionals[0]) : chromeBuildDir;
  const sizes = measureBundles(buildDir);
  const budgets = JSON.parse(readFileSync(join(import.meta.dirname, 'budgets.json'), 'utf8')) as Budgets;
  if (values.propose) {
    console.log(JSON.stringify({ ...budgets, ...proposeBudgets(sizes) }, null, 2));
    return;
  }
  if (budgets.budgets.popup.js.gzip > POPUP_JS_GZIP_MAX) throw new Error(`budgets.json lets the popup JS exceed ${POPUP_JS_GZIP_MAX / 1024} KB gzip`);
  const lines = checkBudgets(sizes, budgets);
  console.log(`Bundle budgets for ${buildDir} (KB = 1024 bytes; gzip level 9 per file):\n`);
  console.log(
    formatTable(
      ['bundle', 'measure', 'size KB', 'budget KB', 'used', ''],
      lines.map((l) => [l.bundle, l.what, kb(l.measured), kb(l.limit), `${Math.round((l.measured / l.limit) * 100)} %`, l.over ? 'OVER' : 'ok']),
    ),
  );
  const over = lines.filter((l) => l.over);
  const bundled = BUNDLES.flatMap((bundle) =>
    findMarkers(buildDir, sizes[bundle], budgets.forbidden?.[bundle] ?? {}).map((hit) => `${bundle} bundles ${hit.name} (${hit.file})`),
  );
  if (over.length === 0 && bundled.length === 0) {
    console.log('\nEvery bundle is within its budget, and none carries code it must not.');
    return;
  }
  if (over.length > 0) {
    console.error(`\n${over.length} over budget: ${over.map((l) => `${l.bundle} ${l.what} by ${l.measured - l.limit} bytes`).join('; ')}.`);
    console.error(
      'Make it smaller (what does it import? `npx wxt build --analyze`), or raise the budget in tests/bench/budgets.json with a reason in the commit.',
    );
  }
  if (bundled.length > 0) {
    console.error(
      `\n${bundled.join('; ')}: pages import the protocol and the API's types with \`import type\` only; the background validates and calls the service.`,
    );
  }
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
