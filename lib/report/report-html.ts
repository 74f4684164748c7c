import type { ReportView } from '@/lib/protocol';
import { whatChanged } from '@/lib/report/changes';
import { handoverChecks, type HandoverCheck } from '@/lib/report/handover-checks';
import { exactTime } from '@/lib/pages/dates';
import { isLogo, type Agency } from '@/lib/shared/agency';
import { summariseChecks } from '@/lib/shared/check-summary';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t, tn, uiDirection, uiLanguage } from '@/lib/shared/i18n';

/**
 * "Download as HTML": the report as one self-contained file that reads like the printed report.
 * Built from the data, every text escaped; styles inline; no script; its Content-Security-Policy
 * lets it load nothing but its own styles and the embedded logo, so it opens anywhere offline.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#111;background:#fff;max-width:50rem;margin:2rem auto;padding:0 1rem}
.cover{border-bottom:2px solid #111;padding-bottom:1rem;margin-bottom:1.5rem}.cover img{max-height:4rem;max-width:12rem}
.cover h1{font-size:1.6rem;word-break:break-all;margin:.5rem 0}.score{font-size:1.3rem;font-weight:700}
h2{border-bottom:1px solid #999;margin-top:2rem}h3{margin:0 0 .25rem}.check{border:1px solid #bbb;border-radius:4px;padding:.75rem;margin:.75rem 0;break-inside:avoid}
.importance{font-size:.85rem;color:#444}ul.found{font-family:ui-monospace,monospace;font-size:.85rem;word-break:break-all}
ul.passed{columns:2;font-size:.9rem}@media print{body{margin:0;max-width:none}h2{break-after:avoid}}`;

export const IMPORTANCE_LONG = { high: 'importanceHighLong', medium: 'importanceMediumLong', low: 'importanceLowLong' } as const;

function failedCheck(check: HandoverCheck): string {
  const found =
    check.found.length > 0
      ? `<p><strong>${escapeHtml(t('handoverFound'))}</strong></p><ul class="found">${check.found.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
      : '';
  return `<section class="check" data-check="${escapeHtml(check.key)}"><h3>${escapeHtml(check.name)}</h3><p class="importance">${escapeHtml(check.category)} · ${escapeHtml(t(IMPORTANCE_LONG[check.importance]))}</p>${
    check.why ? `<p><strong>${escapeHtml(t('handoverWhy'))}</strong> ${escapeHtml(check.why)}</p>` : ''
  }${check.fix ? `<p><strong>${escapeHtml(t('handoverFix'))}</strong> ${escapeHtml(check.fix)}</p>` : ''}${found}</section>`;
}

function changesPart(view: Pick<ReportView, 'report' | 'previous'>): string {
  const changes = whatChanged(view);
  if (!changes) return `<p>${escapeHtml(t('changesFirst'))}</p>`;
  const names = (list: { name: string }[]) => (list.length > 0 ? list.map((c) => c.name).join(', ') : t('changesNone'));
  const since = t('changesSince', { date: changes.previous.generatedAt ? exactTime(changes.previous.generatedAt) : t('dateUnknown') });
  return `<p>${escapeHtml(since)}.</p><p><strong>${escapeHtml(t('changesNowPassing'))}:</strong> ${escapeHtml(names(changes.fixed))}</p><p><strong>${escapeHtml(
    t('changesNowFailing'),
  )}:</strong> ${escapeHtml(names(changes.broken))}</p>`;
}

/** The file around `body`: its language and direction, a policy that loads nothing, the styles inline, no script. */
export function htmlDocument(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(uiLanguage())}" dir="${uiDirection()}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
${body}
</body></html>
`;
}

/** The first block, as printed: the agency's logo and name, what the document is about, its score line and its date. */
export function htmlCover(agency: Agency, subject: string, score: string, date: string): string {
  const logo = isLogo(agency.logo) ? `<img src="${agency.logo}" alt="${escapeHtml(agency.name || t('handoverLogo'))}">` : '';
  const prepared = agency.name.trim() ? `<p>${escapeHtml(t('handoverPreparedBy', { agency: agency.name.trim() }))}</p>` : '';
  return `<header class="cover">${logo}${prepared}<p>${escapeHtml(t('handoverCoverKicker'))}</p><h1>${escapeHtml(subject)}</h1>
<p class="score">${escapeHtml(score)}</p><p>${escapeHtml(date)}</p></header>`;
}

export function reportHtml(view: Pick<ReportView, 'report' | 'previous'>, agency: Agency): string {
  const { report } = view;
  const checks = handoverChecks(report);
  const failed = checks.filter((c) => !c.passed);
  const passed = checks.filter((c) => c.passed);
  const tally = report.checks ? summariseChecks(report.checks) : null;
  const score = report.score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(report.score) });
  const label = report.label ? ` (${RESULT_LABEL_TEXT[report.label]})` : '';
  const date = report.generatedAt ?? report.createdAt;
  const title = t('handoverDocumentTitle', { address: report.url });
  return htmlDocument(
    title,
    `${htmlCover(agency, report.url, score + label, date ? exactTime(date) : t('dateUnknown'))}
<h2>${escapeHtml(t('handoverSummary'))}</h2>${
      tally
        ? `<p>${escapeHtml(
            failed.length === 0
              ? tn('reportAllPassed', tally.total)
              : tn('reportTally', tally.total, {
                  failed: failed.length,
                  high: tally.failed.high,
                  medium: tally.failed.medium,
                  low: tally.failed.low,
                }),
          )}</p>`
        : `<p>${escapeHtml(t('reportNoChecks'))}</p>`
    }
<h2>${escapeHtml(t('changesHeading'))}</h2>${changesPart(view)}
<h2>${escapeHtml(t('handoverFailedHeading'))}</h2>${failed.length > 0 ? failed.map(failedCheck).join('\n') : `<p>${escapeHtml(t('handoverNoneFailed'))}</p>`}
<h2>${escapeHtml(t('handoverPassedHeading'))}</h2><ul class="passed">${passed.map((c) => `<li>${escapeHtml(c.name)}</li>`).join('')}</ul>`,
  );
}

export const reportHtmlFileName = (id: number) => `site-report-${id}.html`;
