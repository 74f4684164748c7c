/**
 * The service's category of each check it runs, by its key in a report's `results`: what a
 * site's limits on categories read, in the background and in the pages alike. A check this list
 * does not know is in no category.
 */

export const LIMIT_CATEGORIES = ['seo', 'performance', 'security', 'miscellaneous'] as const;
export type LimitCategory = (typeof LIMIT_CATEGORIES)[number];

const KEYS: Record<LimitCategory, readonly string[]> = {
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
  security: ['https_encryption', 'http2', 'mixed_content', 'server_signature', 'unsafe_cross_origin_links', 'htst', 'plaintext_email', 'gsb'],
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

const CATEGORY_OF = new Map<string, LimitCategory>(LIMIT_CATEGORIES.flatMap((category) => KEYS[category].map((key) => [key, category] as const)));

/** `mixed_content` → `security`; undefined for a check this extension does not know. */
export function checkCategory(key: string): LimitCategory | undefined {
  return CATEGORY_OF.get(key);
}

/** The checks of one category, in the service's order. */
export function checksOfCategory(category: LimitCategory): readonly string[] {
  return KEYS[category];
}
