import { headings, imageKeywords, language, metaDescription, plaintextEmail, title } from './content.ts';
import { deprecatedHtmlTags, inlineCss } from './markup.ts';
import { domSize, httpRequests, loadTime, pageSize, textCompression } from './performance.ts';
import { httpsEncryption, mixedContent, unsafeCrossOriginLinks } from './security.ts';
import { charset, favicon, metaViewport, noindex, redirects, seoFriendlyUrl, structuredData } from './technical.ts';
import type { Check } from './types.ts';

/** Every check the audit runs, in the order a report lists them. */
export const CHECKS: readonly Check[] = [
  title,
  metaDescription,
  headings,
  imageKeywords,
  language,
  seoFriendlyUrl,
  noindex,
  textCompression,
  loadTime,
  pageSize,
  httpRequests,
  domSize,
  httpsEncryption,
  mixedContent,
  unsafeCrossOriginLinks,
  metaViewport,
  charset,
  favicon,
  structuredData,
  deprecatedHtmlTags,
  inlineCss,
  plaintextEmail,
  redirects,
];
