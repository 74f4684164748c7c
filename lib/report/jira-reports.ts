import type { ReportView } from '@/lib/protocol';
import { asApiError } from '@/lib/api/errors';
import { handoverChecks } from '@/lib/report/handover-checks';
import { jiraCsv, type JiraSource } from '@/lib/report/jira-csv';
import { reportLink } from '@/lib/shared/report-link';

/**
 * "Export for Jira" of many reports (a selection, a site): each report's checks read through the
 * background, a few at a time, then one CSV of every failed check. A report that cannot be read
 * is left out and named; the others still make the file.
 */

/** The most reports one export reads: beyond it the user is told, and the first ones are read. */
export const JIRA_MAX_REPORTS = 100;
/** Reports read at the same time: the service is not flooded, and 100 reports take a few seconds. */
export const JIRA_AT_ONCE = 4;

export interface JiraTarget {
  id: number;
  url: string;
}

export interface JiraExport {
  csv: string;
  rows: number;
  /** Reports read and written. */
  read: number;
  /** Reports that could not be read, with the reason in words. */
  failed: { url: string; reason: string }[];
}

type ReadReport = (id: number) => Promise<Pick<ReportView, 'report' | 'webUrl'>>;

/**
 * Reads at most `JIRA_MAX_REPORTS` of `targets` (the first ones), `JIRA_AT_ONCE` at a time, telling
 * `onProgress` after each; the rows keep the targets' order, whatever order the answers come in.
 */
export async function jiraExport(
  targets: readonly JiraTarget[],
  read: ReadReport,
  onProgress: (done: number, total: number) => void,
): Promise<JiraExport> {
  const chosen = targets.slice(0, JIRA_MAX_REPORTS);
  const outcomes: ({ ok: true; source: JiraSource } | { ok: false; url: string; reason: string })[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const target = chosen[index]!;
      try {
        const { report, webUrl } = await read(target.id);
        outcomes[index] = { ok: true, source: { address: report.url, link: reportLink(report.privacy, webUrl), checks: handoverChecks(report) } };
      } catch (error) {
        outcomes[index] = { ok: false, url: target.url, reason: asApiError(error).message };
      }
      onProgress(++done, chosen.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(JIRA_AT_ONCE, chosen.length) }, worker));
  const sources = outcomes.flatMap((o) => (o.ok ? [o.source] : []));
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [{ url: o.url, reason: o.reason }]));
  return { ...jiraCsv(sources), read: sources.length, failed };
}
