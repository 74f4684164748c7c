import { parseHTML } from 'linkedom';
import { CHECKS } from './checks/index.ts';
import type { CheckResult, Importance, PageContext } from './checks/types.ts';
import { fetchPage, type FetchedPage, type FetchOptions } from './fetch-page.ts';

/** How much a passed check of each importance counts toward the score. */
export const WEIGHTS: Record<Importance, number> = { high: 10, medium: 5, low: 0 };

export interface AuditOutcome {
  /** Final address after redirects, in full. */
  finalUrl: string;
  results: Record<string, CheckResult>;
  /** Score 0–100. */
  result: number;
}

/** Fetches the page live and runs every check on it. Throws PageFetchError when the fetch fails. */
export async function auditPage(address: string, options: FetchOptions): Promise<AuditOutcome> {
  const page = await fetchPage(address, options);
  const results = runChecks(toContext(page));
  return { finalUrl: page.url.href, results, result: scoreOf(results) };
}

export function toContext(page: FetchedPage): PageContext {
  const { document } = parseHTML(page.html);
  return { ...page, document: document as unknown as Document };
}

export function runChecks(page: PageContext): Record<string, CheckResult> {
  const results: Record<string, CheckResult> = {};
  for (const check of CHECKS) {
    const { passed, value, errors } = check.run(page);
    results[check.name] = errors ? { passed, importance: check.importance, value, errors } : { passed, importance: check.importance, value };
  }
  return results;
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
