import type { SiteSummary } from '@/lib/protocol';
import { checkDetails } from '@/lib/report/check-guide';
import { escapeHtml, htmlCover, htmlDocument, IMPORTANCE_LONG } from '@/lib/report/report-html';
import { exactTime } from '@/lib/pages/dates';
import type { Agency } from '@/lib/shared/agency';
import { checkName } from '@/lib/shared/check-names';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t, tn } from '@/lib/shared/i18n';
import { failingWithPages, sitePageList, DEFAULT_SITE_LIST } from '@/lib/site/site-pages';

/**
 * The site view's "Download as HTML": one self-contained file that reads like the site printed:
 * the cover, the summary, each failing check with why, how to fix and its pages, then every page
 * (worst first) with the checks its latest report failed. Built from the summary, every text escaped.
 */

const scoreText = (score: number | null) => (score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(score) }));

function summaryPart(summary: SiteSummary): string {
  const lines = [
    `${tn('siteCountPages', summary.pages.length)} · ${summary.average === null ? t('scoreNone') : t('siteAverage', { score: Math.round(summary.average) })}`,
  ];
  const { good, decent, bad, none } = summary.distribution;
  for (const [label, count] of [
    ['good', good],
    ['decent', decent],
    ['bad', bad],
  ] as const)
    if (count > 0) lines.push(tn('siteDistributionPages', count, { label: RESULT_LABEL_TEXT[label] }));
  if (none > 0) lines.push(tn('siteDistributionUnscored', none));
  if (summary.truncated) lines.push(tn('siteTruncated', summary.reportsRead));
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

function failingPart(summary: SiteSummary): string {
  const groups = failingWithPages(summary.pages, summary.failing);
  if (groups.length === 0) return `<p>${escapeHtml(t('siteNothingFails'))}</p>`;
  return groups
    .map(({ check, pages }) => {
      const details = checkDetails(check.key);
      const why = details ? `<p><strong>${escapeHtml(t('siteWhy'))}</strong> ${escapeHtml(details.why)}</p>` : '';
      const fix = details ? `<p><strong>${escapeHtml(t('siteHowToFix'))}</strong> ${escapeHtml(details.fix)}</p>` : '';
      return `<section class="check" data-check="${escapeHtml(check.key)}"><h3>${escapeHtml(checkName(check.key))}</h3><p class="importance">${escapeHtml(
        `${t(IMPORTANCE_LONG[check.importance])} · ${tn('siteFailsOnPages', check.pages)}`,
      )}</p>${why}${fix}<ul class="found">${pages.map((page) => `<li>${escapeHtml(page.url)}</li>`).join('')}</ul></section>`;
    })
    .join('\n');
}

function pagesPart(summary: SiteSummary): string {
  return sitePageList(summary.pages, DEFAULT_SITE_LIST)
    .map((page) => {
      const label = page.label ? ` (${RESULT_LABEL_TEXT[page.label]})` : '';
      const date = page.generatedAt ? exactTime(page.generatedAt) : t('dateUnknown');
      const failed =
        page.failed.length > 0
          ? `<ul>${page.failed.map((key) => `<li>${escapeHtml(checkName(key))}</li>`).join('')}</ul>`
          : `<p>${escapeHtml(t('handoverNoneFailed'))}</p>`;
      return `<section class="check" data-page="${escapeHtml(page.url)}"><h3 class="address">${escapeHtml(page.url)}</h3><p class="importance">${escapeHtml(
        `${scoreText(page.score)}${label} · ${date}`,
      )}</p>${failed}</section>`;
    })
    .join('\n');
}

/** `now`: the day the file is made, as its cover says (ISO). */
export function siteHtml(summary: SiteSummary, agency: Agency, now: string): string {
  const score = [
    summary.average === null ? t('scoreNone') : t('siteAverage', { score: Math.round(summary.average) }),
    tn('siteCountPages', summary.pages.length),
  ].join(' · ');
  return htmlDocument(
    t('handoverDocumentTitle', { address: summary.project }),
    `${htmlCover(agency, summary.project, score, exactTime(now))}
<h2>${escapeHtml(t('handoverSummary'))}</h2>${summaryPart(summary)}
<h2>${escapeHtml(t('siteFailingHeading'))}</h2>${failingPart(summary)}
<h2>${escapeHtml(t('siteHtmlPages'))}</h2>${summary.pages.length > 0 ? pagesPart(summary) : `<p>${escapeHtml(t('siteNoPages'))}</p>`}`,
  );
}

export const siteHtmlFileName = (project: string) => `site-report-${project.replace(/[^a-z0-9.-]+/gi, '_')}.html`;
