import type { PlainKey } from '@/lib/shared/i18n';

/**
 * Where a site's findings go: a GitHub or GitLab repository (its new-issue page opened prefilled),
 * or Jira, which takes them as a CSV import. A repository is kept as its https address, e.g.
 * `https://github.com/owner/repo` or `https://gitlab.example.com/group/sub/repo`.
 */
export type IssueTracker = { kind: 'github'; repo: string } | { kind: 'gitlab'; repo: string } | { kind: 'jira' };

/** The longest repository address kept. */
export const TRACKER_ADDRESS_MAX = 300;
/** The most sites with a tracker kept. */
export const TRACKERS_MAX = 200;

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

export type TrackerReading = { ok: true; tracker: IssueTracker } | { ok: false; reason: PlainKey };

/** Reads a repository address as typed; `jira` (any case) chooses the CSV export. */
export function readTracker(input: string): TrackerReading {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'trackerEmpty' };
  if (/^jira(?: \(csv\))?$/i.test(text)) return { ok: true, tracker: { kind: 'jira' } };
  if (text.length > TRACKER_ADDRESS_MAX) return { ok: false, reason: 'trackerTooLong' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'trackerNotAddress' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'trackerNotHttps' };
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return { ok: false, reason: 'trackerExtraParts' };
  const segments = url.pathname
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .split('/')
    .filter((s) => s !== '');
  if (segments.some((s) => !SEGMENT.test(s) || s === '-' || s === '.' || s === '..')) return { ok: false, reason: 'trackerNotRepository' };
  const host = url.hostname.toLowerCase();
  if (host === 'github.com' || host === 'www.github.com') {
    if (segments.length !== 2) return { ok: false, reason: 'trackerGithubShape' };
    return { ok: true, tracker: { kind: 'github', repo: `https://github.com/${segments.join('/')}` } };
  }
  if (segments.length < 2) return { ok: false, reason: 'trackerGitlabShape' };
  return { ok: true, tracker: { kind: 'gitlab', repo: `${url.origin}/${segments.join('/')}` } };
}

/** The tracker as the options write it back into the field. */
export function trackerText(tracker: IssueTracker): string {
  return tracker.kind === 'jira' ? 'Jira (CSV)' : tracker.repo;
}
