import { describe, expect, it } from 'vitest';
import { whatChanged } from '@/lib/report/changes';
import { outcomesOf } from '@/lib/shared/check-summary';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const previousOf = (results: unknown, score: number) => {
  const report = reportOf(results, { id: 100, result: score, generated_at: '2024-04-01T09:00:00Z' });
  return { id: 100, score, label: report.label, generatedAt: report.generatedAt, outcomes: outcomesOf(report.checks!) };
};

describe('what changed since the report before', () => {
  it('names the checks now passing and now failing, and the score change', () => {
    const report = reportOf(RECORDED.mediocre.results, { result: 73 });
    const changes = whatChanged({ report, previous: previousOf(RECORDED.bad.results, 11) });
    expect(changes?.scoreDelta).toBe(62);
    expect(changes?.fixed.map((c) => c.name)).toEqual([
      'Title',
      'Meta description',
      'Title words in the content',
      'Page size',
      'HTTP requests',
      'DOM size',
      'Doctype',
      'Text compression',
      'Viewport',
      'HTTPS',
      'SEO-friendly address',
      'Language',
      'Favicon',
      'Character set',
      'Deprecated HTML tags',
      '404 page',
      'Robots.txt rules',
      'Sitemap',
      'Social links',
      'Inline CSS',
    ]);
    // 1034 words then, 312 now.
    expect(changes?.broken.map((c) => c.name)).toEqual(['Content length']);
  });

  it('the other way round, a change for the worse', () => {
    const report = reportOf(RECORDED.bad.results, { result: 11 });
    const changes = whatChanged({ report, previous: previousOf(RECORDED.good.results, 97) });
    expect(changes?.scoreDelta).toBe(-86);
    expect(changes?.fixed).toEqual([]);
    // Every check the bad page fails but two the good page failed too (http2, inline_css).
    expect(changes?.broken).toHaveLength(30);
  });

  it('compares only the checks both reports ran', () => {
    const report = reportOf({ title: { passed: true, importance: 'high', value: 'A' }, newer: { passed: false, importance: 'low', value: null } });
    const changes = whatChanged({
      report,
      previous: { ...previousOf({ title: { passed: false, importance: 'high', value: null } }, 0), score: null },
    });
    expect(changes).toMatchObject({ scoreDelta: null, fixed: [{ key: 'title', name: 'Title' }], broken: [] });
  });

  it('is nothing to say for the first report of an address', () => {
    expect(whatChanged({ report: reportOf(RECORDED.good.results), previous: null })).toBeNull();
  });
});
