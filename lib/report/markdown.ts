import type { ReportView } from '@/lib/protocol';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { groupChecks } from '@/lib/report/check-groups';
import { readFinding, type Finding } from '@/lib/report/findings';
import { characters, formatNumber, formatRange, plural } from '@/lib/report/format';

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
      const limit = finding.limit && formatRange(finding.limit, (n) => formatNumber(n, finding.unit));
      return `${formatNumber(finding.value, finding.unit)}${limit ? ` (limit: ${limit})` : ''}`;
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

/** "2024-05-01 10:00 UTC": one form for every reader of the ticket. */
function utcDate(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return 'on an unknown date';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function reportMarkdown(view: Pick<ReportView, 'report' | 'webUrl'>): string {
  const { report } = view;
  const checks = report.checks ?? {};
  const groups = groupChecks(checks, { show: 'failed', importance: 'all' });
  const failed = groups.reduce((sum, g) => sum + g.failed, 0);
  const score = report.score === null ? 'No score' : `Score ${Math.round(report.score)}`;
  const label = report.label ? ` (${RESULT_LABEL_TEXT[report.label]})` : '';
  const lines = [
    `## Site Report: ${markdownText(report.url)}`,
    '',
    `${score}${label}, ${failed} of ${Object.keys(checks).length} checks failed. Generated ${utcDate(report.generatedAt ?? report.createdAt)}.`,
    `Full report: <${view.webUrl}>`,
  ];
  for (const group of groups) {
    if (group.checks.length === 0) continue;
    lines.push('', `### ${group.name}`, '');
    for (const { key, name, check, details } of group.checks) {
      const found = findingInShort(readFinding(key, check));
      const fix = details ? `: ${markdownText(details.fix)}` : '';
      lines.push(`- [ ] **${markdownText(name)}** (${check.importance})${fix}${found ? ` Found: ${markdownText(found)}.` : ''}`);
    }
  }
  if (failed === 0) lines.push('', 'Every check passed.');
  return `${lines.join('\n')}\n`;
}
