import { CHART } from '@/lib/report/history-chart';
import { uiDirection } from '@/lib/shared/i18n';

/**
 * A date under the left or right edge of a score chart. The chart runs left to right in every
 * language; the date is set apart in the page's own direction (`unicode-bidi: isolate`), or an
 * Arabic date's separators and marks would be ordered left to right and a "/" would lead it.
 */
export function ChartEdgeDate({ edge, text }: { edge: 'left' | 'right'; text: string }) {
  const direction = uiDirection();
  // In a right-to-left text, its start is its right end: the anchor names the end that meets the edge.
  const anchor = (edge === 'left') === (direction === 'ltr') ? 'start' : 'end';
  return (
    <text
      class="history__tick"
      x={edge === 'left' ? CHART.left : CHART.width - CHART.right}
      y={CHART.height - 4}
      text-anchor={anchor}
      direction={direction}
      unicode-bidi="isolate"
    >
      {text}
    </text>
  );
}
