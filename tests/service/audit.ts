import { parseHTML } from 'linkedom';
import { checksOf, type ChecksVersion } from './checks/index.ts';
import { cleanText } from './checks/php.ts';
import { all, type CheckResult, type Importance, type PageContext } from './checks/types.ts';
import { fetchPage, type FetchedPage, type FetchOptions } from './fetch-page.ts';
import { readSiteFiles, type SiteFiles } from './site-files.ts';

/** How much a passed check of each importance counts toward the score (report_score_high/medium/low). */
export const WEIGHTS: Record<Importance, number> = { high: 10, medium: 5, low: 0 };

/**
 * How this deployment differs from version 13: which checks it runs, and whether a failed check
 * keeps every error key (the service) or only the last one (the KalimeroMK port).
 */
export interface AuditVariant {
  version: ChecksVersion;
  errorKeys: 'all' | 'last';
}

export const V13: AuditVariant = { version: 'v13', errorKeys: 'all' };

export interface AuditOutcome {
  /** Final address after redirects, in full. */
  finalUrl: string;
  results: Record<string, CheckResult>;
  /** Score 0–100. */
  result: number;
}

/** Fetches the page live, then its site's 404 answer and robots.txt, and runs every check. Throws PageFetchError when the page fetch fails. */
export async function auditPage(address: string, options: FetchOptions, variant: AuditVariant = V13): Promise<AuditOutcome> {
  const page = await fetchPage(address, options);
  const site = await readSiteFiles(page.url, options);
  const results = runChecks(toContext(page, site), variant);
  return { finalUrl: page.url.href, results, result: scoreOf(results) };
}

export function toContext(page: FetchedPage, site: SiteFiles): PageContext {
  const document: Document = parseHTML(page.html).document;
  let title: string | null = null;
  let titleTags = 0;
  for (const head of all(document, 'head')) {
    for (const tag of all(head, 'title')) {
      title = (title ?? '') + cleanText(tag.textContent);
      titleTags++;
    }
  }
  const bodyText = cleanText(all(document, 'body')[0]?.textContent);
  return { ...page, ...site, document, title, titleTags, bodyText };
}

export function runChecks(page: PageContext, variant: AuditVariant = V13): Record<string, CheckResult> {
  const results: Record<string, CheckResult> = {};
  for (const check of checksOf(variant.version)) {
    const { passed, value, errors } = check.run(page);
    const kept = errors && variant.errorKeys === 'last' ? lastKeyOnly(errors) : errors;
    results[check.name] = kept ? { passed, importance: check.importance, value, errors: kept } : { passed, importance: check.importance, value };
  }
  return results;
}

/** The port writes `errors = [key => …]` for each failed condition, so the last one wins. */
export function lastKeyOnly(errors: Record<string, unknown>): Record<string, unknown> {
  const last = Object.keys(errors).at(-1);
  return last === undefined ? errors : { [last]: errors[last] };
}

/** round(weight of passed checks ÷ weight of all checks × 100). */
export function scoreOf(results: Record<string, CheckResult>): number {
  let passed = 0;
  let total = 0;
  for (const { importance, passed: ok } of Object.values(results)) {
    total += WEIGHTS[importance];
    if (ok) passed += WEIGHTS[importance];
  }
  return total === 0 ? 100 : Math.round((passed / total) * 100);
}
