import { describe, expect, it } from 'vitest';
import { handoverChecks } from '@/lib/report/handover-checks';
import { ISSUE_URL_MAX, issueBody, issueTitle, newIssueUrl } from '@/lib/report/issue-link';
import { readTracker } from '@/lib/shared/issue-tracker';
import { reportLink } from '@/lib/shared/report-link';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const github = { kind: 'github', repo: 'https://github.com/acme/site' } as const;
const gitlab = { kind: 'gitlab', repo: 'https://gitlab.example.com/web/team/site' } as const;
const report = reportOf(RECORDED.mediocre.results, { url: RECORDED.mediocre.url });
const failed = handoverChecks(report).filter((c) => !c.passed);
const altText = failed.find((c) => c.key === 'image_keywords')!;

describe('the tracker address', () => {
  it.each([
    ['https://github.com/acme/site', { kind: 'github', repo: 'https://github.com/acme/site' }],
    ['  https://github.com/acme/site.git/ ', { kind: 'github', repo: 'https://github.com/acme/site' }],
    ['https://gitlab.example.com/group/sub/repo', { kind: 'gitlab', repo: 'https://gitlab.example.com/group/sub/repo' }],
    ['https://gitlab.com/group/repo/', { kind: 'gitlab', repo: 'https://gitlab.com/group/repo' }],
    ['Jira (CSV)', { kind: 'jira' }],
    ['jira', { kind: 'jira' }],
  ])('reads %s', (input, tracker) => {
    expect(readTracker(input)).toEqual({ ok: true, tracker });
  });

  it.each([
    ['', 'trackerEmpty'],
    ['github.com/acme/site', 'trackerNotAddress'],
    ['http://github.com/acme/site', 'trackerNotHttps'],
    ['https://user:token@github.com/acme/site', 'trackerExtraParts'],
    ['https://github.com/acme/site?tab=issues', 'trackerExtraParts'],
    ['https://github.com/acme', 'trackerGithubShape'],
    ['https://github.com/acme/site/issues', 'trackerGithubShape'],
    ['https://gitlab.example.com/repo', 'trackerGitlabShape'],
    ['https://gitlab.example.com/group/-/repo', 'trackerNotRepository'],
    ['https://gitlab.example.com/gr%20oup/repo', 'trackerNotRepository'],
    [`https://github.com/acme/${'a'.repeat(300)}`, 'trackerTooLong'],
  ])('refuses %j with a reason', (input, reason) => {
    expect(readTracker(input)).toEqual({ ok: false, reason });
  });
});

describe('the new-issue address', () => {
  const title = issueTitle(altText, report.url);
  const body = issueBody(altText, reportLink(0, 'https://reports.example.com/reports/7'));

  it('titles the issue after the check and the address', () => {
    expect(title).toBe(`Fix: Image alt text on ${report.url}`);
  });

  it('writes why, how to fix, what was found and where the report is', () => {
    expect(body).toContain('**Why it matters:**');
    expect(body).toContain(altText.why!);
    expect(body).toContain(altText.fix!);
    expect(body).toContain('- 3 images without alt text');
    expect(body.endsWith('Report: https://reports.example.com/reports/7')).toBe(true);
  });

  it('says a private report is private, and never gives its address', () => {
    const privateBody = issueBody(altText, reportLink(1, 'https://reports.example.com/reports/7'));
    expect(privateBody).not.toContain('reports.example.com');
    expect(privateBody).toContain('The report is private');
  });

  it('fills GitHub’s title and body', () => {
    const url = new URL(newIssueUrl(github, title, body));
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/acme/site/issues/new');
    expect([...url.searchParams.keys()]).toEqual(['title', 'body']);
    expect(url.searchParams.get('title')).toBe(title);
    expect(url.searchParams.get('body')).toBe(body);
  });

  it('fills GitLab’s issue[title] and issue[description]', () => {
    const url = new URL(newIssueUrl(gitlab, title, body));
    expect(`${url.origin}${url.pathname}`).toBe('https://gitlab.example.com/web/team/site/-/issues/new');
    expect([...url.searchParams.keys()]).toEqual(['issue[title]', 'issue[description]']);
    expect(url.searchParams.get('issue[title]')).toBe(title);
    expect(url.searchParams.get('issue[description]')).toBe(body);
  });

  it.each([
    ['GitHub', github, 'body'],
    ['GitLab', gitlab, 'issue[description]'],
  ] as const)('cuts a long body to fit %s’s address, with a marker, at a whole character', (_, tracker, field) => {
    const long = `${'é🙂 <a&b> '.repeat(3000)}END`;
    const address = newIssueUrl(tracker, title, long);
    expect(address.length).toBeLessThanOrEqual(ISSUE_URL_MAX);
    expect(address.length).toBeGreaterThan(ISSUE_URL_MAX - 40);
    const sent = new URL(address).searchParams.get(field)!;
    expect(sent.endsWith('… (cut to fit the address: the rest is in the report)')).toBe(true);
    expect(sent).not.toContain('END');
    expect(long.startsWith(sent.slice(0, sent.indexOf('\n\n…')))).toBe(true);
    expect(sent).not.toContain('\uFFFD');
  });

  it('keeps a body that fits whole', () => {
    expect(newIssueUrl(github, 'T', 'short')).toBe('https://github.com/acme/site/issues/new?title=T&body=short');
  });
});
