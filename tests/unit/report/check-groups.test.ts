import { describe, expect, it } from 'vitest';
import { groupChecks } from '@/lib/report/check-groups';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const checks = reportOf({ ...RECORDED.mediocre.results, noindex_header: { passed: false, importance: 'low', value: 'noindex' } }).checks!;
const outline = (filters?: Parameters<typeof groupChecks>[1]) =>
  groupChecks(checks, filters).map((g) => [g.name, `${g.failed}/${g.total}`, g.checks.map((c) => `${c.key}${c.check.passed ? '' : '!'}`)]);

describe('the checks as the report view lists them', () => {
  it('by the service’s categories, failed first and the most important first, unknown checks last', () => {
    expect(outline()).toEqual([
      [
        'SEO',
        '2/12',
        [
          'headings!',
          'image_keywords!',
          'title',
          'meta_description',
          'content_keywords',
          'seo_friendly_url',
          '404_page',
          'noindex',
          'robots',
          'in_page_links',
          'language',
          'favicon',
        ],
      ],
      [
        'Performance',
        '3/8',
        ['image_format!', 'load_time!', 'defer_javascript!', 'text_compression', 'page_size', 'http_requests', 'doctype', 'dom_size'],
      ],
      [
        'Security',
        '5/7',
        ['server_signature!', 'http2!', 'unsafe_cross_origin_links!', 'htst!', 'plaintext_email!', 'https_encryption', 'mixed_content'],
      ],
      [
        'Miscellaneous',
        '3/9',
        [
          'structured_data!',
          'content_length!',
          'text_html_ratio!',
          'meta_viewport',
          'charset',
          'deprecated_html_tags',
          'sitemap',
          'social',
          'inline_css',
        ],
      ],
      ['Other checks', '1/1', ['noindex_header!']],
    ]);
  });

  it('failed only: each category keeps its tally, and a category with nothing to show is left out', () => {
    const shown = groupChecks(reportOf(RECORDED.good.results).checks!, { show: 'failed', importance: 'all' });
    expect(shown.map((g) => [g.name, g.checks.map((c) => c.key), g.failed, g.total])).toEqual([
      ['SEO', [], 0, 12],
      ['Performance', [], 0, 8],
      ['Security', ['http2'], 1, 7],
      ['Miscellaneous', ['inline_css'], 1, 9],
    ]);
  });

  it('by importance', () => {
    const high = groupChecks(checks, { show: 'failed', importance: 'high' }).flatMap((g) => g.checks.map((c) => c.key));
    expect(high).toEqual(['headings', 'image_keywords']);
    const low = groupChecks(checks, { show: 'all', importance: 'low' }).flatMap((g) => g.checks.filter((c) => c.check.passed).map((c) => c.key));
    expect(low).toEqual(['dom_size', 'deprecated_html_tags', 'sitemap', 'social', 'inline_css']);
  });
});
