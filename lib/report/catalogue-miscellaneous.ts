import type { CheckDetails } from '@/lib/report/catalogue';
import { min, noun, value } from '@/lib/report/catalogue-parts';

/** The checks of the service's "Miscellaneous" category, in its order. */
export const MISCELLANEOUS_CHECKS: [string, CheckDetails][] = [
  [
    'structured_data',
    {
      category: 'miscellaneous',
      why: 'Structured data (Schema.org, Open Graph, Twitter cards) lets search engines and social sites show rich previews of the page.',
      fix: 'Add Schema.org JSON-LD and Open Graph tags that describe the page.',
      finding: { kind: 'structured' },
    },
  ],
  [
    'meta_viewport',
    {
      category: 'miscellaneous',
      why: 'The viewport tag makes the page fit phone screens instead of showing a shrunken desktop page.',
      fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
      finding: value,
    },
  ],
  [
    'charset',
    {
      category: 'miscellaneous',
      why: 'Declaring the character set makes browsers show every letter correctly.',
      fix: 'Add <meta charset="utf-8"> at the top of the head.',
      finding: value,
    },
  ],
  [
    'sitemap',
    {
      category: 'miscellaneous',
      why: 'A sitemap named in robots.txt helps search engines find every page of the site.',
      fix: "Add a Sitemap: line with the sitemap's address to robots.txt.",
      finding: { kind: 'list', from: 'value', noun: noun('sitemap', 'sitemaps') },
    },
  ],
  [
    'social',
    {
      category: 'miscellaneous',
      why: "Links to the site's social profiles help visitors follow it and show who runs it.",
      fix: "Link to the site's profiles on social networks.",
      finding: { kind: 'groups', from: 'value', noun: noun('social link', 'social links') },
    },
  ],
  [
    'content_length',
    {
      category: 'miscellaneous',
      why: 'A page with little text gives search engines little to understand and rank.',
      fix: 'Write more useful text on the page: an article wants at least 500 words.',
      finding: { kind: 'number', unit: 'words', limit: min(500) },
    },
  ],
  [
    'text_html_ratio',
    {
      category: 'miscellaneous',
      why: 'Little visible text in a lot of markup often means bloated code or thin content.',
      fix: 'Add text, or trim the markup, scripts and styles written into the HTML.',
      finding: { kind: 'number', unit: 'percent', limit: min(10) },
    },
  ],
  [
    'inline_css',
    {
      category: 'miscellaneous',
      why: 'Style attributes mix design into content, cannot be cached, and make the page harder to change.',
      fix: 'Move the styles listed into a stylesheet, and use classes.',
      finding: { kind: 'list', from: 'errors', noun: noun('style attribute', 'style attributes') },
      onPage: 'style',
    },
  ],
  [
    'deprecated_html_tags',
    {
      category: 'miscellaneous',
      why: 'Tags dropped from HTML, such as <font> and <center>, may be drawn wrongly or not at all.',
      fix: 'Replace the tags listed with current HTML and CSS.',
      finding: { kind: 'counts', noun: noun('deprecated tag', 'deprecated tags') },
      onPage: 'tag',
    },
  ],
];
