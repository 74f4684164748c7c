import type { Category } from './types.ts';

/**
 * The checks of each tab of the service's report page, in the order it shows them
 * (the service's `Report::$categories`). The API does not send a check's category:
 * a client has to know these lists.
 */
export const CATEGORIES: Readonly<Record<Category, readonly string[]>> = {
  seo: [
    'title',
    'meta_description',
    'headings',
    'content_keywords',
    'image_keywords',
    'seo_friendly_url',
    '404_page',
    'robots',
    'noindex',
    'in_page_links',
    'language',
    'favicon',
  ],
  performance: ['text_compression', 'load_time', 'page_size', 'http_requests', 'image_format', 'defer_javascript', 'dom_size', 'doctype'],
  security: ['https_encryption', 'http2', 'mixed_content', 'server_signature', 'unsafe_cross_origin_links', 'htst', 'plaintext_email'],
  miscellaneous: [
    'structured_data',
    'meta_viewport',
    'charset',
    'sitemap',
    'social',
    'content_length',
    'text_html_ratio',
    'inline_css',
    'deprecated_html_tags',
  ],
};

/** The tabs in the order the report page shows them. */
export const CATEGORY_ORDER: readonly Category[] = ['seo', 'performance', 'security', 'miscellaneous'];

export function categoryOf(check: string): Category | undefined {
  return CATEGORY_ORDER.find((category) => CATEGORIES[category].includes(check));
}
