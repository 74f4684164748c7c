import { BUNDLES, type BundleSizes } from './bundles.ts';
import type { Summary } from './stats.ts';

/** Plain-text table: first column left-aligned, the rest right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Bytes as KB (1024 bytes), one decimal. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

export function timingRow(label: string, s: Summary): string[] {
  return [label, String(s.n), ms(s.median), ms(s.p10), ms(s.p90), ms(s.min), ms(s.max), ms(s.iqr)];
}

export const TIMING_HEADER = ['timing (ms)', 'n', 'median', 'p10', 'p90', 'min', 'max', 'IQR'];

export function sizeTable(sizes: BundleSizes): string {
  return formatTable(
    ['bundle (KB)', 'files', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'total raw', 'total gzip'],
    BUNDLES.map((name) => {
      const b = sizes[name];
      return [name, String(b.files.length), kb(b.js.raw), kb(b.js.gzip), kb(b.css.raw), kb(b.css.gzip), kb(b.total.raw), kb(b.total.gzip)];
    }),
  );
}
