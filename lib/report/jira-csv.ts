import type { HandoverCheck } from '@/lib/report/handover-checks';
import { issueBody, issueTitle } from '@/lib/report/issue-link';
import type { ReportLink } from '@/lib/shared/report-link';
import { toCsv } from '@/lib/shared/csv';

/**
 * "Export for Jira": one row per failed check, in the columns Jira's CSV import maps by name.
 * Priority is Jira's default scheme (High, Medium, Low) from the check's importance; labels are
 * single words, as Jira splits them at spaces.
 */
export interface JiraSource {
  address: string;
  link: ReportLink;
  checks: readonly HandoverCheck[];
}

const PRIORITY = { high: 'High', medium: 'Medium', low: 'Low' } as const;
const label = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Jira caps a text field at 32,767 characters; a longer description is cut there. */
const DESCRIPTION_MAX = 32_000;

export function jiraCsv(sources: readonly JiraSource[]): { csv: string; rows: number } {
  const rows = sources.flatMap(({ address, link, checks }) =>
    checks
      .filter((check) => !check.passed)
      .map((check) => {
        const description = issueBody(check, link);
        return [
          issueTitle(check, address),
          description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX)}…` : description,
          PRIORITY[check.importance],
          ['site-report', label(check.key)].filter(Boolean).join(' '),
        ];
      }),
  );
  return { csv: toCsv(['Summary', 'Description', 'Priority', 'Labels'], rows), rows: rows.length };
}

export const jiraFileName = (name: string) => `site-report-jira-${name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80)}.csv`;
