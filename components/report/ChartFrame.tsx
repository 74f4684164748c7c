import { BANDS, CHART, yOf } from '@/lib/report/history-chart';

/** The score chart's background: the good, decent and bad bands, and the score ticks beside them. */
export function ChartFrame() {
  return (
    <>
      {BANDS.map((band) => (
        <rect
          key={band.label}
          class={`history__band history__band--${band.label}`}
          x={CHART.left}
          y={yOf(band.to)}
          width={CHART.width - CHART.left - CHART.right}
          height={yOf(band.from) - yOf(band.to)}
        />
      ))}
      {[0, 49, 80, 100].map((score) => (
        <text key={score} class="history__tick" x={CHART.left - 6} y={yOf(score) + 4} text-anchor="end">
          {score}
        </text>
      ))}
    </>
  );
}
