import { t, type PlainKey } from '@/lib/shared/i18n';

/**
 * The plain-words name of each check the service runs, by its key in a
 * report's `results`. Names only: the background words the popup's summary
 * with them, so the sentences on why and how (lib/report/check-guide.ts) stay
 * out of the background and the popup. A check this list does not know (a
 * newer or older service, a port) gets a name made from its key.
 */

const NAMES = new Map<string, PlainKey>([
  ['title', 'checkTitle'],
  ['meta_description', 'checkMetaDescription'],
  ['headings', 'checkHeadings'],
  ['content_keywords', 'checkContentKeywords'],
  ['image_keywords', 'checkImageKeywords'],
  ['seo_friendly_url', 'checkSeoFriendlyUrl'],
  ['404_page', 'check404Page'],
  ['robots', 'checkRobots'],
  ['noindex', 'checkNoindex'],
  ['in_page_links', 'checkInPageLinks'],
  ['language', 'checkLanguage'],
  ['favicon', 'checkFavicon'],
  ['text_compression', 'checkTextCompression'],
  ['load_time', 'checkLoadTime'],
  ['page_size', 'checkPageSize'],
  ['http_requests', 'checkHttpRequests'],
  ['image_format', 'checkImageFormat'],
  ['defer_javascript', 'checkDeferJavascript'],
  ['dom_size', 'checkDomSize'],
  ['doctype', 'checkDoctype'],
  ['https_encryption', 'checkHttpsEncryption'],
  ['http2', 'checkHttp2'],
  ['mixed_content', 'checkMixedContent'],
  ['server_signature', 'checkServerSignature'],
  ['unsafe_cross_origin_links', 'checkUnsafeCrossOriginLinks'],
  ['htst', 'checkHtst'],
  ['plaintext_email', 'checkPlaintextEmail'],
  ['structured_data', 'checkStructuredData'],
  ['meta_viewport', 'checkMetaViewport'],
  ['charset', 'checkCharset'],
  ['sitemap', 'checkSitemap'],
  ['social', 'checkSocial'],
  ['content_length', 'checkContentLength'],
  ['text_html_ratio', 'checkTextHtmlRatio'],
  ['inline_css', 'checkInlineCss'],
  ['deprecated_html_tags', 'checkDeprecatedHtmlTags'],
  // Only versions up to 1.3 sent it, when the admin had turned it on.
  ['gsb', 'checkGsb'],
]);

const MAX_NAME_LENGTH = 80;

/** Whether the extension knows this check by name (and, in the report view, explains it). */
export function isKnownCheck(key: string): boolean {
  return NAMES.has(key);
}

/** "Image alt text" for `image_keywords`; a readable name made from any other key. */
export function checkName(key: string): string {
  const name = NAMES.get(key);
  return name ? t(name) : readableKey(key);
}

/** `meta_description_optimal_length` → "Meta description optimal length"; `noindexHeader` → "Noindex header". */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[\s_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  if (words === '') return t('checkUnnamed');
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1)}…` : name;
}
