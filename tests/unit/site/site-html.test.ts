import { describe, expect, it } from 'vitest';
import type { SitePage, SiteSummary } from '@/lib/protocol';
import { siteHtml, siteHtmlFileName } from '@/lib/site/site-html';
import { MARKUP } from '../../fixtures/report-view/hostile';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const page = (url: string, score: number | null, failed: string[]): SitePage => ({
  url,
  id: url.length,
  score,
  label: score === null ? null : score > 79 ? 'good' : score >= 49 ? 'decent' : 'bad',
  generatedAt: '2026-03-01T10:00:00.000Z',
  privacy: 0,
  older: 0,
  failed,
});

const summary = (pages: SitePage[], over: Partial<SiteSummary> = {}): SiteSummary => ({
  project: 'example.com',
  phase: 'done',
  revision: 1,
  startedAt: 0,
  updatedAt: 0,
  reportsRead: pages.length,
  reportsTotal: pages.length,
  unreadable: 0,
  waitUntil: null,
  error: null,
  truncated: false,
  pages,
  failing: [
    { key: 'favicon', importance: 'medium', pages: 2, impact: 4 },
    { key: 'headings', importance: 'high', pages: 1, impact: 3 },
  ],
  trend: { unit: 'day', points: [] },
  distribution: { good: 1, decent: 0, bad: 1, none: 1 },
  average: 65,
  ...over,
});

describe('the site as one HTML file', () => {
  const html = siteHtml(
    summary([page('example.com/b', 40, ['favicon', 'headings']), page('example.com/c', 90, ['favicon']), page('example.com/a', null, [])]),
    { name: 'Acme Web', logo: PNG },
    '2026-03-05T10:00:00.000Z',
  );
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('opens with the cover: the agency, the site, its average and pages', () => {
    expect(text.indexOf('Prepared by Acme Web')).toBeLessThan(text.indexOf('Summary'));
    expect(text).toContain('Website audit example.com average 65 · 3 pages');
    expect(html).toContain(`<img src="${PNG}"`);
  });

  it('names each failing check with why, how to fix and its pages, most impact first', () => {
    const favicon = html.indexOf('data-check="favicon"');
    const headings = html.indexOf('data-check="headings"');
    expect(favicon).toBeGreaterThan(0);
    expect(headings).toBeGreaterThan(favicon);
    expect(html.slice(favicon, headings)).toContain('<li>example.com/c</li>');
    expect(html.slice(favicon, headings)).toMatch(/How to fix it:<\/strong> \S/);
    expect(text).toContain('fails on 2 pages');
  });

  it('lists every page, worst first, with its failed checks or none', () => {
    const pages = html.slice(html.indexOf('Pages and their failed checks'));
    expect([...pages.matchAll(/data-page="([^"]+)"/g)].map((m) => m[1])).toEqual(['example.com/b', 'example.com/c', 'example.com/a']);
    const b = pages.slice(pages.indexOf('data-page="example.com/b"'), pages.indexOf('data-page="example.com/c"'));
    expect(b).toContain('<li>Favicon</li>');
    expect(b).toContain('<li>Headings</li>');
    expect(pages.slice(pages.indexOf('data-page="example.com/a"'))).toContain('No check failed.');
  });

  it('loads nothing, runs nothing, and escapes what the service sent', () => {
    const hostile = siteHtml(
      summary([page(`example.com/${MARKUP}`, 10, ['favicon'])], { project: MARKUP }),
      { name: MARKUP, logo: null },
      '2026-03-05T10:00:00.000Z',
    );
    expect(hostile).not.toMatch(/<script|<link|<iframe|<img/i);
    expect(hostile).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    expect(hostile).toContain('&lt;script&gt;window.__pwned=2&lt;/script&gt;');
    expect(siteHtmlFileName('shop.example.com')).toBe('site-report-shop.example.com.html');
  });

  it('says when the site has no pages', () => {
    expect(siteHtml(summary([], { failing: [] }), { name: '', logo: null }, '2026-03-05T10:00:00.000Z')).toContain(
      'The service has no reports of this site yet.',
    );
  });
});
