import type { ReportView } from '@/lib/protocol';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { groupChecks } from '@/lib/report/check-groups';
import { readFinding, type Finding } from '@/lib/report/findings';
import { characters, formatMeasure, formatRange, plural } from '@/lib/report/number-words';
import { t, tn, uiLanguage, type PlainKey } from '@/lib/shared/i18n';

/**
 * "Copy as Markdown": the failed checks as a checklist to paste into a
 * ticket, grouped by category, each with how to fix it and what was found.
 */

/** Text from anywhere (an address, a check's name) that Markdown must show as written, not read as emphasis, a link or HTML. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** What a finding amounts to, in a few words: "3 images without alt text", "2.41 s", "74 characters". */
export function findingInShort(finding: Finding): string | null {
  switch (finding.kind) {
    case 'text':
      return characters(finding.length);
    case 'number': {
      const limit = finding.limit && formatRange(finding.limit, (n) => formatMeasure(n, finding.unit));
      return `${formatMeasure(finding.value, finding.unit)}${limit ? ` (limit: ${limit})` : ''}`;
    }
    case 'list':
    case 'groups':
      return plural(finding.total, finding.noun);
    case 'counts':
      return plural(finding.entries.length, finding.noun);
    case 'headings':
      return finding.problems[0]?.replace(/\.$/, '') ?? null;
    default:
      return null;
  }
}

const IMPORTANCE = { high: 'importanceHigh', medium: 'importanceMedium', low: 'importanceLow' } as const satisfies Record<string, PlainKey>;

/** "2024-05-01 10:00 UTC": one form for every reader of the ticket. */
export function utcDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return t('markdownUnknownDate');
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function reportMarkdown(view: Pick<ReportView, 'report' | 'webUrl'>): string {
  const { report } = view;
  const checks = report.checks ?? {};
  const groups = groupChecks(checks, { show: 'failed', importance: 'all' });
  const failed = groups.reduce((sum, g) => sum + g.failed, 0);
  const score = report.score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(report.score) });
  const label = report.label ? ` (${RESULT_LABEL_TEXT[report.label]})` : '';
  const lines = [
    `## ${t('markdownHeading', { address: markdownText(report.url) })}`,
    '',
    tn('markdownSummary', Object.keys(checks).length, { score: `${score}${label}`, failed, date: utcDate(report.generatedAt ?? report.createdAt) }),
    t('markdownFullReport', { address: `<${view.webUrl}>` }),
  ];
  for (const group of groups) {
    if (group.checks.length === 0) continue;
    lines.push('', `### ${group.name}`, '');
    for (const { key, name, check, details } of group.checks) {
      const found = findingInShort(readFinding(key, check));
      const fix = details ? `: ${markdownText(details.fix)}` : '';
      const importance = t(IMPORTANCE[check.importance]).toLocaleLowerCase(uiLanguage());
      lines.push(`- [ ] **${markdownText(name)}** (${importance})${fix}${found ? ` ${t('markdownFound', { finding: markdownText(found) })}` : ''}`);
    }
  }
  if (failed === 0) lines.push('', t('markdownAllPassed'));
  return `${lines.join('\n')}\n`;
}
