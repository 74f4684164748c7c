import type { SiteTrend } from '@/lib/protocol';
import { CHART, yOf } from '@/lib/report/history-chart';

/** The site trend's geometry, on the report view's chart frame (lib/report/history-chart.ts): one point per day or week, evenly spaced. */

export interface TrendPoint {
  x: number;
  y: number;
  point: SiteTrend['points'][number];
}

export function trendPoints(trend: SiteTrend): TrendPoint[] {
  const span = CHART.width - CHART.left - CHART.right;
  const n = trend.points.length;
  const step = n > 1 ? span / (n - 1) : 0;
  return trend.points.map((point, i) => ({ x: n > 1 ? CHART.left + i * step : CHART.left + span / 2, y: yOf(point.average), point }));
}

export function trendPath(points: readonly TrendPoint[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}
