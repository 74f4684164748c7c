import type { ReportView } from '@/lib/protocol';
import { handoverChecks, type HandoverCheck } from '@/lib/report/handover-checks';
import { reportLink, type ReportLink } from '@/lib/shared/report-link';
import type { IssueTracker } from '@/lib/shared/issue-tracker';
import { t } from '@/lib/shared/i18n';

/**
 * "New issue": the tracker's own new-issue page, prefilled through its address. Nothing is sent by
 * the extension: the user reads the issue there and submits it. Browsers and trackers take long
 * addresses, but proxies and servers refuse some past 8 KB, so the whole address is kept under
 * `ISSUE_URL_MAX` characters and a longer body is cut with a marker.
 */
export const ISSUE_URL_MAX = 8000;

export function issueTitle(check: Pick<HandoverCheck, 'name'>, address: string): string {
  return t('issueTitle', { check: check.name, address });
}

/** The issue's body in Markdown: why, how to fix, what was found, and where the report is (or that it is private). */
export function issueBody(check: HandoverCheck, link: ReportLink): string {
  const lines: string[] = [];
  if (check.why) lines.push(`**${t('handoverWhy')}**`, '', check.why, '');
  if (check.fix) lines.push(`**${t('handoverFix')}**`, '', check.fix, '');
  if (check.found.length > 0)
    lines.push(`**${t('handoverFound')}**`, '', ...check.found.map((line) => `- ${line.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)}`), '');
  lines.push(link.kind === 'private' ? t('issueReportPrivate') : t('issueReportAt', { address: link.url }));
  return lines.join('\n');
}

function addressOf(tracker: Exclude<IssueTracker, { kind: 'jira' }>, title: string, body: string): string {
  const query =
    tracker.kind === 'github'
      ? `title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`
      : `issue[title]=${encodeURIComponent(title)}&issue[description]=${encodeURIComponent(body)}`;
  return `${tracker.repo}${tracker.kind === 'github' ? '/issues/new' : '/-/issues/new'}?${query}`;
}

/**
 * The prefilled new-issue address. A body that would take the address past `max` characters is
 * cut, at a whole character, and ends with the marker; a title is never cut below 200 characters.
 */
export function newIssueUrl(tracker: Exclude<IssueTracker, { kind: 'jira' }>, title: string, body: string, max = ISSUE_URL_MAX): string {
  const shortTitle = [...title].length > 200 ? `${[...title].slice(0, 199).join('')}…` : title;
  const whole = addressOf(tracker, shortTitle, body);
  if (whole.length <= max) return whole;
  const marker = `\n\n${t('issueBodyCut')}`;
  const chars = [...body];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (addressOf(tracker, shortTitle, chars.slice(0, mid).join('') + marker).length <= max) low = mid;
    else high = mid - 1;
  }
  return addressOf(tracker, shortTitle, chars.slice(0, low).join('') + marker);
}

/** The new-issue address of each failed check of a report, by check key: none when the site's tracker takes no links (Jira) or is not set. */
export function reportIssueUrls(view: Pick<ReportView, 'report' | 'webUrl'>, tracker: IssueTracker | undefined): Map<string, string> {
  if (!tracker || tracker.kind === 'jira') return new Map();
  const link = reportLink(view.report.privacy, view.webUrl);
  return new Map(
    handoverChecks(view.report)
      .filter((check) => !check.passed)
      .map((check) => [check.key, newIssueUrl(tracker, issueTitle(check, view.report.url), issueBody(check, link))]),
  );
}
