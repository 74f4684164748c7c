/**
 * The plain-words name of each check the service runs, by its key in a
 * report's `results`. Names only: the background words the popup's summary
 * with them, so the sentences on why and how (lib/report/catalogue.ts) stay
 * out of the background and the popup. A check this list does not know (a
 * newer or older service, a port) gets a name made from its key.
 */

const NAMES = new Map<string, string>([
  ['title', 'Title'],
  ['meta_description', 'Meta description'],
  ['headings', 'Headings'],
  ['content_keywords', 'Title words in the content'],
  ['image_keywords', 'Image alt text'],
  ['seo_friendly_url', 'SEO-friendly address'],
  ['404_page', '404 page'],
  ['robots', 'Robots.txt rules'],
  ['noindex', 'Noindex tag'],
  ['in_page_links', 'Links on the page'],
  ['language', 'Language'],
  ['favicon', 'Favicon'],
  ['text_compression', 'Text compression'],
  ['load_time', 'Load time'],
  ['page_size', 'Page size'],
  ['http_requests', 'HTTP requests'],
  ['image_format', 'Image formats'],
  ['defer_javascript', 'Deferred JavaScript'],
  ['dom_size', 'DOM size'],
  ['doctype', 'Doctype'],
  ['https_encryption', 'HTTPS'],
  ['http2', 'HTTP/2'],
  ['mixed_content', 'Mixed content'],
  ['server_signature', 'Server signature'],
  ['unsafe_cross_origin_links', 'Unsafe cross-origin links'],
  ['htst', 'HSTS header'],
  ['plaintext_email', 'Plain-text e-mail addresses'],
  ['structured_data', 'Structured data'],
  ['meta_viewport', 'Viewport'],
  ['charset', 'Character set'],
  ['sitemap', 'Sitemap'],
  ['social', 'Social links'],
  ['content_length', 'Content length'],
  ['text_html_ratio', 'Text-to-HTML ratio'],
  ['inline_css', 'Inline CSS'],
  ['deprecated_html_tags', 'Deprecated HTML tags'],
  // Only versions up to 1.3 sent it, when the admin had turned it on.
  ['gsb', 'Google Safe Browsing'],
]);

const MAX_NAME_LENGTH = 80;

/** Whether the extension knows this check by name (and, in the report view, explains it). */
export function isKnownCheck(key: string): boolean {
  return NAMES.has(key);
}

/** "Image alt text" for `image_keywords`; a readable name made from any other key. */
export function checkName(key: string): string {
  return NAMES.get(key) ?? readableKey(key);
}

/** `meta_description_optimal_length` → "Meta description optimal length"; `noindexHeader` → "Noindex header". */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[\s_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  if (words === '') return 'Unnamed check';
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;
}
