import type { CheckSpec } from '@/lib/report/check-guide';
import { min, value } from '@/lib/report/check-guide-shorthands';

/** The checks of the service's "Miscellaneous" category, in its order. */
export const MISCELLANEOUS_CHECKS: [string, CheckSpec][] = [
  [
    'structured_data',
    {
      category: 'miscellaneous',
      why: 'whyStructuredData',
      fix: 'fixStructuredData',
      finding: { kind: 'structured' },
    },
  ],
  [
    'meta_viewport',
    {
      category: 'miscellaneous',
      why: 'whyMetaViewport',
      fix: 'fixMetaViewport',
      finding: value,
    },
  ],
  [
    'charset',
    {
      category: 'miscellaneous',
      why: 'whyCharset',
      fix: 'fixCharset',
      finding: value,
    },
  ],
  [
    'sitemap',
    {
      category: 'miscellaneous',
      why: 'whySitemap',
      fix: 'fixSitemap',
      finding: { kind: 'list', from: 'value', noun: 'nounSitemaps' },
    },
  ],
  [
    'social',
    {
      category: 'miscellaneous',
      why: 'whySocial',
      fix: 'fixSocial',
      finding: { kind: 'groups', from: 'value', noun: 'nounSocialLinks' },
    },
  ],
  [
    'content_length',
    {
      category: 'miscellaneous',
      why: 'whyContentLength',
      fix: 'fixContentLength',
      finding: { kind: 'number', unit: 'words', limit: min(500) },
    },
  ],
  [
    'text_html_ratio',
    {
      category: 'miscellaneous',
      why: 'whyTextHtmlRatio',
      fix: 'fixTextHtmlRatio',
      finding: { kind: 'number', unit: 'percent', limit: min(10) },
    },
  ],
  [
    'inline_css',
    {
      category: 'miscellaneous',
      why: 'whyInlineCss',
      fix: 'fixInlineCss',
      finding: { kind: 'list', from: 'errors', noun: 'nounStyleAttributes' },
      onPage: 'style',
    },
  ],
  [
    'deprecated_html_tags',
    {
      category: 'miscellaneous',
      why: 'whyDeprecatedHtmlTags',
      fix: 'fixDeprecatedHtmlTags',
      finding: { kind: 'counts', noun: 'nounDeprecatedTags' },
      onPage: 'tag',
    },
  ],
];
