import type { CheckSpec } from '@/lib/report/check-guide';
import { max, value } from '@/lib/report/check-guide-shorthands';

/** The checks of the service's "SEO" category, in its order. */
export const SEO_CHECKS: [string, CheckSpec][] = [
  [
    'title',
    {
      category: 'seo',
      why: 'whyTitle',
      fix: 'fixTitle',
      finding: { kind: 'text', limit: { min: 1, max: 60 } },
    },
  ],
  [
    'meta_description',
    {
      category: 'seo',
      why: 'whyMetaDescription',
      fix: 'fixMetaDescription',
      finding: { kind: 'text' },
    },
  ],
  [
    'headings',
    {
      category: 'seo',
      why: 'whyHeadings',
      fix: 'fixHeadings',
      finding: { kind: 'headings' },
      onPage: 'heading',
    },
  ],
  [
    'content_keywords',
    {
      category: 'seo',
      why: 'whyContentKeywords',
      fix: 'fixContentKeywords',
      finding: { kind: 'list', from: 'value', noun: 'nounTitleWords' },
    },
  ],
  [
    'image_keywords',
    {
      category: 'seo',
      why: 'whyImageKeywords',
      fix: 'fixImageKeywords',
      finding: { kind: 'list', from: 'errors', noun: 'nounImagesWithoutAltText' },
      onPage: 'image',
    },
  ],
  [
    'seo_friendly_url',
    {
      category: 'seo',
      why: 'whySeoFriendlyUrl',
      fix: 'fixSeoFriendlyUrl',
      finding: value,
    },
  ],
  [
    '404_page',
    {
      category: 'seo',
      why: 'why404Page',
      fix: 'fix404Page',
      finding: value,
    },
  ],
  [
    'robots',
    {
      category: 'seo',
      why: 'whyRobots',
      fix: 'fixRobots',
      finding: { kind: 'list', from: 'errors', noun: 'nounBlockingRules' },
    },
  ],
  [
    'noindex',
    {
      category: 'seo',
      why: 'whyNoindex',
      fix: 'fixNoindex',
      finding: value,
    },
  ],
  [
    'in_page_links',
    {
      category: 'seo',
      why: 'whyInPageLinks',
      fix: 'fixInPageLinks',
      finding: { kind: 'groups', from: 'value', noun: 'nounLinks', limit: max(150) },
    },
  ],
  [
    'language',
    {
      category: 'seo',
      why: 'whyLanguage',
      fix: 'fixLanguage',
      finding: value,
    },
  ],
  [
    'favicon',
    {
      category: 'seo',
      why: 'whyFavicon',
      fix: 'fixFavicon',
      finding: value,
    },
  ],
];
