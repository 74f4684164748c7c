import type { BundleSizes } from './bundles.ts';
import type { Timings } from './scenarios.ts';
import { round, summarise, type Summary } from './stats.ts';
import { formatTable, sizeTable, TIMING_HEADER, timingRow } from './table.ts';

export interface BenchResult extends Timings {
  sizes: BundleSizes;
  settings: { runs: number; warmup: number; slowServiceMs: number };
}

export interface BenchSummary {
  rows: { label: string; summary: Summary }[];
  /** median(popup) / median(blank), on both clocks. */
  ratioOpenToReady: number;
  ratioNavToReady: number;
}

const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

export function summariseBench(r: BenchResult): BenchSummary {
  const rows: BenchSummary['rows'] = [];
  const add = (label: string, values: (number | null)[]) => rows.push({ label, summary: summarise(present(values)) });
  add('popup: click → ready painted', r.popup.map((s) => s.openToReady));
  add('blank page: click → painted (floor)', r.blank.map((s) => s.openToReady));
  add('popup: navigation → ready painted', r.popup.map((s) => s.navToReady));
  add('blank page: navigation → painted', r.blank.map((s) => s.navToReady));
  add('popup: navigation → address + buttons painted', r.popup.map((s) => s.contentPainted));
  add(`slow service (+${r.settings.slowServiceMs} ms): nav → address + buttons`, r.slowPopup.map((s) => s.contentPainted));
  add(`slow service (+${r.settings.slowServiceMs} ms): nav → ready`, r.slowPopup.map((s) => s.navToReady));
  add('worker: stopped → first answer (getSettings)', r.worker.map((s) => s.cold));
  add('worker: running → answer (getSettings)', r.worker.map((s) => s.warm));
  add('options: Next page → 100 rows painted', r.options.map((s) => s.pageChange));
  const median = (label: string) => rows.find((row) => row.label.startsWith(label))!.summary.median;
  return {
    rows,
    ratioOpenToReady: round(median('popup: click') / median('blank page: click'), 2),
    ratioNavToReady: round(median('popup: navigation → ready') / median('blank page: navigation'), 2),
  };
}

export function printReport(r: BenchResult): void {
  const s = summariseBench(r);
  console.log();
  console.log(formatTable(TIMING_HEADER, s.rows.map((row) => timingRow(row.label, row.summary))));
  console.log();
  console.log(`popup ÷ blank page (medians): click → ready ${s.ratioOpenToReady}×, navigation → ready ${s.ratioNavToReady}×`);
  console.log(`service requests for one popup open: ${r.popupRequests.length ? r.popupRequests.join(', ') : 'none'}`);
  console.log();
  console.log(sizeTable(r.sizes));
  console.log('(KB = 1024 bytes; gzip level 9 per file; what each page loads on opening: its HTML\'s scripts,');
  console.log(' preloads and stylesheets and their static imports; the background: its worker and imports)');
}
