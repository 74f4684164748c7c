import type { SiteSummary } from '@/lib/protocol';
import { checkName } from '@/lib/shared/check-names';
import { toCsv } from '@/lib/shared/csv';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';
import { checkDetails } from '@/lib/report/check-guide';
import { markdownText } from '@/lib/report/markdown';
import { failingWithPages } from '@/lib/site/site-pages';

/** The site view's exports: a fix list in Markdown grouped by check, and a CSV of one row per page and failed check. */

const IMPORTANCE = { high: 'importanceHigh', medium: 'importanceMedium', low: 'importanceLow' } as const;

/** "Copy as Markdown": each failing check, most impact first, with why, how to fix, and a checkbox per page. */
export function siteMarkdown(summary: Pick<SiteSummary, 'project' | 'pages' | 'failing' | 'average'>): string {
  const lines = [`# ${t('siteMarkdownTitle', { project: markdownText(summary.project) })}`, ''];
  lines.push(
    `${tn('siteCountPages', summary.pages.length)}${summary.average !== null ? ` · ${t('siteAverage', { score: Math.round(summary.average) })}` : ''}`,
    '',
  );
  const groups = failingWithPages(summary.pages, summary.failing);
  if (groups.length === 0) lines.push(t('siteNothingFails'), '');
  for (const { check, pages } of groups) {
    const details = checkDetails(check.key);
    lines.push(`## ${markdownText(checkName(check.key))} (${t(IMPORTANCE[check.importance])}, ${tn('siteFailsOnPages', check.pages)})`, '');
    if (details) lines.push(`${t('siteWhy')} ${details.why}`, '', `${t('siteHowToFix')} ${details.fix}`, '');
    for (const page of pages) lines.push(`- [ ] ${markdownText(page.url)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** "Download CSV": one row per page and check it fails; a cell a spreadsheet could run as a formula is made text (lib/shared/csv.ts). */
export function siteCsv(summary: Pick<SiteSummary, 'pages' | 'failing'>): string {
  const header = [
    t('siteCsvAddress'),
    t('siteCsvScore'),
    t('siteCsvLabel'),
    t('siteCsvDate'),
    t('siteCsvCheck'),
    t('siteCsvCheckName'),
    t('siteCsvImportance'),
  ];
  const rows: (string | number | null)[][] = [];
  for (const { check, pages } of failingWithPages(summary.pages, summary.failing)) {
    for (const page of pages) {
      rows.push([
        page.url,
        page.score === null ? null : Math.round(page.score),
        page.label ? RESULT_LABEL_TEXT[page.label] : null,
        page.generatedAt,
        check.key,
        checkName(check.key),
        t(IMPORTANCE[check.importance]),
      ]);
    }
  }
  return toCsv(header, rows);
}

export const siteFileName = (project: string) => `site-report-${project.replace(/[^a-z0-9.-]+/gi, '_')}.csv`;
