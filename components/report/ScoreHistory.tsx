import type { HistoryPoint } from '@/lib/protocol';
import { exactTime } from '@/lib/pages/dates';
import { CHART, chartPoints, linePath } from '@/lib/report/history-chart';
import { ChartEdgeDate } from '@/components/report/ChartEdgeDate';
import { ChartFrame } from '@/components/report/ChartFrame';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';

const pointWords = (p: HistoryPoint & { score: number }) =>
  `${p.generatedAt ? exactTime(p.generatedAt) : t('dateUnknownCapital')}: ${Math.round(p.score)}${p.label ? `, ${RESULT_LABEL_TEXT[p.label]}` : ''}`;

/**
 * The scores of the address's last reports as a small line chart. Each point
 * names its date and score on hover; screen readers get the same as a table.
 */
export function ScoreHistory({ history, currentId }: { history: readonly HistoryPoint[]; currentId: number }) {
  const points = chartPoints(history);
  if (points.length < 2) return null;
  const first = points[0]!.point;
  const last = points[points.length - 1]!.point;
  return (
    <figure class="history">
      <figcaption class="history__caption">{tn('historyCaption', points.length)}</figcaption>
      <svg class="history__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" focusable="false">
        <ChartFrame />
        <path class="history__line" d={linePath(points)} />
        {points.map(({ x, y, point }) => (
          <g key={point.id} class={point.id === currentId ? 'history__point history__point--current' : 'history__point'}>
            <title>{pointWords(point)}</title>
            {/* A wider, invisible target, so the date shows without aiming at a 4-pixel dot. */}
            <circle class="history__hit" cx={x} cy={y} r={10} />
            <circle cx={x} cy={y} r={point.id === currentId ? 6 : 4} />
          </g>
        ))}
        <ChartEdgeDate edge="left" text={first.generatedAt ? exactTime(first.generatedAt) : ''} />
        <ChartEdgeDate edge="right" text={last.generatedAt ? exactTime(last.generatedAt) : ''} />
      </svg>
      <table class="sr-only">
        <caption>{t('historyTableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('historyDate')}</th>
            <th scope="col">{t('scoreWord')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map(({ point }) => (
            <tr key={point.id}>
              <th scope="row">
                {point.generatedAt ? <time dateTime={point.generatedAt}>{exactTime(point.generatedAt)}</time> : t('dateUnknownCapital')}
              </th>
              <td>
                {Math.round(point.score)}
                {point.label ? ` (${RESULT_LABEL_TEXT[point.label]})` : ''}
                {point.id === currentId ? `, ${t('historyThisReport')}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
