import { describe, expect, it } from 'vitest';
import type { SitePage } from '@/lib/protocol';
import { siteCsv, siteMarkdown } from '@/lib/site/site-export';
import { pagesFailing, sitePageList } from '@/lib/site/site-pages';

const page = (url: string, score: number | null, failed: string[], generatedAt = '2026-03-01T10:00:00.000Z'): SitePage => ({
  url,
  id: url.length,
  score,
  label: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
  generatedAt,
  privacy: 0,
  older: 0,
  failed,
});

const pages = [
  page('example.com/b', 40, ['favicon', 'headings']),
  page('=cmd|calc!A1', 90, ['favicon'], '2026-03-03T10:00:00.000Z'),
  page('example.com/a', null, [], '2026-03-02T10:00:00.000Z'),
];
const failing = [
  { key: 'favicon', importance: 'medium' as const, pages: 2, impact: 4 },
  { key: 'headings', importance: 'high' as const, pages: 1, impact: 3 },
];

describe('the site view’s exports', () => {
  it('copies a fix list grouped by check, most impact first, each with why, how to fix and its pages', () => {
    const markdown = siteMarkdown({ project: 'example.com', pages, failing, average: 65 });
    expect(markdown.split('\n').slice(0, 4)).toEqual(['# Fix list for example.com', '', '3 pages · average 65', '']);
    const favicon = markdown.indexOf('## Favicon (Medium, fails on 2 pages)');
    const headings = markdown.indexOf('## Headings (High, fails on 1 page)');
    expect(favicon).toBeGreaterThan(0);
    expect(headings).toBeGreaterThan(favicon);
    expect(markdown.slice(favicon, headings)).toContain('- [ ] example.com/b');
    expect(markdown.slice(favicon, headings)).toContain('- [ ] =cmd\\|calc!A1');
    expect(markdown.slice(favicon, headings)).toMatch(/How to fix it: \S/);
    expect(markdown.slice(headings)).not.toContain('=cmd');
  });

  it('downloads one CSV row per page and failed check, a formula made text', () => {
    const lines = siteCsv({ pages, failing }).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Address","Score","Label","Latest report","Check","Check name","Importance"');
    expect(lines.slice(1)).toEqual([
      `"'=cmd|calc!A1","90","Good","2026-03-03T10:00:00.000Z","favicon","Favicon","Medium"`,
      `"example.com/b","40","Bad","2026-03-01T10:00:00.000Z","favicon","Favicon","Medium"`,
      `"example.com/b","40","Bad","2026-03-01T10:00:00.000Z","headings","Headings","High"`,
    ]);
  });
});

describe('the site view’s list of pages', () => {
  it.each([
    [{ sortBy: 'score', direction: 'asc', label: 'all' }, ['example.com/b', '=cmd|calc!A1', 'example.com/a']],
    [{ sortBy: 'score', direction: 'desc', label: 'all' }, ['=cmd|calc!A1', 'example.com/b', 'example.com/a']],
    [{ sortBy: 'url', direction: 'asc', label: 'all' }, ['=cmd|calc!A1', 'example.com/a', 'example.com/b']],
    [{ sortBy: 'date', direction: 'desc', label: 'all' }, ['=cmd|calc!A1', 'example.com/a', 'example.com/b']],
    [{ sortBy: 'url', direction: 'asc', label: 'bad' }, ['example.com/b']],
  ] as const)('sorts and filters by %o', (options, urls) => {
    expect(sitePageList(pages, options).map((p) => p.url)).toEqual(urls);
  });

  it('names the pages a check fails on', () => {
    expect(pagesFailing(pages, 'favicon').map((p) => p.url)).toEqual(['=cmd|calc!A1', 'example.com/b']);
  });
});
