import type { ComparedSide, Comparison } from '@/lib/report/compare-reports';
import { markdownText, utcDate } from '@/lib/report/markdown';
import { signed } from '@/lib/pages/score-change';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';

/** "Copy as Markdown" of two reports compared, to paste into a ticket. */
/** One side of a comparison in a line: address, score with its label, date, and the link to it on the service. */
function sideLine(side: ComparedSide): string {
  const score = side.score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(side.score) });
  const label = side.label ? ` (${RESULT_LABEL_TEXT[side.label]})` : '';
  return t('markdownCompareSide', {
    address: markdownText(side.url),
    score: `${score}${label}`,
    date: utcDate(side.generatedAt),
    link: `<${side.webUrl}>`,
  });
}

const checkLines = (checks: { name: string }[]) => (checks.length > 0 ? checks.map((c) => `- ${markdownText(c.name)}`) : [`- ${t('changesNone')}`]);

function entryLine(words: string, entries: string[], more: number): string {
  const listed = entries.map((e) => `\`${e.replace(/`/g, "'").replace(/\s+/g, ' ')}\``);
  if (more > 0) listed.push(tn('findingMore', more));
  return `  - ${words} ${listed.length > 0 ? listed.join(', ') : t('changesNone')}`;
}

/** "Copy as Markdown" of a comparison: both reports, the checks failing in one only, and the findings that differ. */
export function comparisonMarkdown(c: Comparison): string {
  const lines = [
    `## ${t('markdownCompareHeading', { here: markdownText(c.here.url), there: markdownText(c.there.url) })}`,
    '',
    `- ${t('compareThisReport')}: ${sideLine(c.here)}`,
    `- ${t('compareOtherReport')}: ${sideLine(c.there)}`,
  ];
  if (c.scoreDelta !== null) lines.push('', t('compareScoreDelta', { delta: signed(c.scoreDelta) }));
  if (!c.checksCompared) return `${[...lines, '', t('compareNoChecks')].join('\n')}\n`;
  lines.push('', `### ${t('compareFailsHereOnly')}`, '', ...checkLines(c.broken));
  lines.push('', `### ${t('compareFailsThereOnly')}`, '', ...checkLines(c.fixed));
  lines.push('', `### ${t('compareFindingsHeading')}`, '');
  if (c.findings.length === 0) lines.push(`- ${t('changesNone')}`);
  for (const f of c.findings) {
    lines.push(`- **${markdownText(f.name)}**`);
    lines.push(entryLine(f.kind === 'items' ? t('compareOnlyHere') : t('compareValueHere'), f.here, f.moreHere));
    lines.push(entryLine(f.kind === 'items' ? t('compareOnlyThere') : t('compareValueThere'), f.there, f.moreThere));
  }
  return `${lines.join('\n')}\n`;
}
