import { deferJavascript, doctype, domSize, httpRequests, imageFormat, loadTime, pageSize, textCompression } from './performance.ts';
import { charset, contentLength, deprecatedHtmlTags, inlineCss, metaViewport, sitemap, social, structuredData, textHtmlRatio } from './misc.ts';
import { htst, http2, httpsEncryption, mixedContent, plaintextEmail, serverSignature, unsafeCrossOriginLinks } from './security.ts';
import { favicon, inPageLinks, language, noindex, notFoundPage, robots } from './seo-site.ts';
import { contentKeywords, headings, imageKeywords, metaDescription, seoFriendlyUrl, title } from './seo.ts';
import type { Check } from './types.ts';

/** Every check of the service's version 13, in the order its `results` lists them (not the report page's). */
export const CHECKS: readonly Check[] = [
  title,
  metaDescription,
  headings,
  contentKeywords,
  imageKeywords,
  imageFormat,
  inPageLinks,
  loadTime,
  pageSize,
  httpRequests,
  deferJavascript,
  domSize,
  doctype,
  textCompression,
  structuredData,
  metaViewport,
  httpsEncryption,
  seoFriendlyUrl,
  language,
  favicon,
  contentLength,
  textHtmlRatio,
  charset,
  deprecatedHtmlTags,
  notFoundPage,
  noindex,
  robots,
  sitemap,
  mixedContent,
  serverSignature,
  http2,
  htst,
  unsafeCrossOriginLinks,
  plaintextEmail,
  social,
  inlineCss,
];

/**
 * Deployed versions differ: `v13` sends all 36 checks; `v15` and `v18` (1.5.0, 1.8.0) are the
 * same without `doctype`, `http2` and `htst`, 33 checks.
 */
export type ChecksVersion = 'v13' | 'v15' | 'v18';

export const NOT_IN_V15_V18: readonly string[] = ['doctype', 'http2', 'htst'];

export function checksOf(version: ChecksVersion): readonly Check[] {
  return version === 'v13' ? CHECKS : CHECKS.filter((check) => !NOT_IN_V15_V18.includes(check.name));
}

export { CATEGORIES, CATEGORY_ORDER, categoryOf } from './categories.ts';
