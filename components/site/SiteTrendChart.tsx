import type { SiteSummary } from '@/lib/protocol';
import { utcDayText as dayOf } from '@/lib/pages/dates';
import { CHART } from '@/lib/report/history-chart';
import { ChartEdgeDate } from '@/components/report/ChartEdgeDate';
import { ChartFrame } from '@/components/report/ChartFrame';
import { trendPath, trendPoints } from '@/lib/site/site-trend-chart';
import { RESULT_LABEL_TEXT, RESULT_LABELS } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';

/**
 * The site's trend: the average of the pages' latest scores at the end of each day or week, as a
 * small SVG line on the report view's bands; screen readers get the same as a table. Beside it,
 * how many pages are good, decent and bad now.
 */
export function SiteTrendChart({ summary }: { summary: SiteSummary }) {
  const points = trendPoints(summary.trend);
  const { distribution } = summary;
  const first = points[0]?.point;
  const last = points[points.length - 1]?.point;
  return (
    <section class="site-trend card" aria-labelledby="site-trend-heading" data-unit={summary.trend.unit} data-points={points.length}>
      <h2 id="site-trend-heading">{t('siteTrendHeading')}</h2>
      <ul class="site-trend__distribution" aria-label={t('siteDistributionLabel')}>
        {RESULT_LABELS.map((label) => (
          <li key={label} class={`score score--${label}`} data-label={label} data-count={distribution[label]}>
            {tn('siteDistributionPages', distribution[label], { label: RESULT_LABEL_TEXT[label] })}
          </li>
        ))}
        {distribution.none > 0 && (
          <li class="score score--none" data-label="none" data-count={distribution.none}>
            {tn('siteDistributionUnscored', distribution.none)}
          </li>
        )}
      </ul>
      {points.length < 2 ? (
        <p class="muted">{t('siteTrendTooShort')}</p>
      ) : (
        <figure class="history">
          <figcaption class="history__caption">
            {summary.trend.unit === 'day' ? tn('siteTrendDays', points.length) : tn('siteTrendWeeks', points.length)}
          </figcaption>
          <svg class="history__chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" focusable="false">
            <ChartFrame />
            <path class="history__line" d={trendPath(points)} />
            {points.map(({ x, y, point }) => (
              <g key={point.start} class="history__point">
                <title>{t('siteTrendPoint', { when: dayOf(point.start), score: point.average, pages: point.pages })}</title>
                <circle class="history__hit" cx={x} cy={y} r={8} />
                <circle cx={x} cy={y} r={3} />
              </g>
            ))}
            <ChartEdgeDate edge="left" text={first ? dayOf(first.start) : ''} />
            <ChartEdgeDate edge="right" text={last ? dayOf(last.start) : ''} />
          </svg>
          <table class="sr-only">
            <caption>{t('siteTrendTableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{summary.trend.unit === 'day' ? t('siteTrendDay') : t('siteTrendWeek')}</th>
                <th scope="col">{t('siteTrendAverage')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map(({ point }) => (
                <tr key={point.start}>
                  <th scope="row">
                    <time dateTime={point.start}>{dayOf(point.start)}</time>
                  </th>
                  <td>{point.average}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
