import type { HistoryPoint } from '@/lib/protocol';

/** The score chart's geometry, drawn by components/report/ScoreHistory.tsx as SVG: no chart library. */

export const CHART = { width: 560, height: 150, left: 34, right: 14, top: 10, bottom: 22 } as const;

export interface ChartPoint {
  x: number;
  y: number;
  point: HistoryPoint & { score: number };
}

const plotHeight = CHART.height - CHART.top - CHART.bottom;

/** The y of a score 0–100 (out-of-range scores are drawn at the edge). */
export const yOf = (score: number) => CHART.top + ((100 - Math.min(100, Math.max(0, score))) / 100) * plotHeight;

/** Reports with a score, oldest left, evenly spaced: the dates are on each point, not on the axis. */
export function chartPoints(history: readonly HistoryPoint[]): ChartPoint[] {
  const scored = history.filter((p): p is HistoryPoint & { score: number } => p.score !== null && Number.isFinite(p.score));
  const span = CHART.width - CHART.left - CHART.right;
  const step = scored.length > 1 ? span / (scored.length - 1) : 0;
  return scored.map((point, i) => ({ x: scored.length > 1 ? CHART.left + i * step : CHART.left + span / 2, y: yOf(point.score), point }));
}

/** The line through the points, as an SVG path. */
export function linePath(points: readonly ChartPoint[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

/** The service's bands: bad below 49, decent 49–79, good above 79. */
export const BANDS = [
  { label: 'good', from: 80, to: 100 },
  { label: 'decent', from: 49, to: 80 },
  { label: 'bad', from: 0, to: 49 },
] as const;
