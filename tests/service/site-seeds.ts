import { WEIGHTS } from './audit.ts';
import { checksOf } from './checks/index.ts';
import type { CheckResult } from './checks/types.ts';
import { RESULT_SAMPLES } from './result-samples.ts';
import type { RunningService, SeedReport } from './server.ts';

/**
 * One site with many pages and reports, for the site view: `addresses` pages of one project,
 * each reported `reports / addresses` times over `days` days (the last report of every page is
 * the newest). The latest report of page i fails each check of SITE_FAULTS whose `every` divides
 * i; older reports also fail `robots`, which no latest report fails. Every entry is a recorded
 * real one (result-samples.ts) and the score follows the service's weights.
 */

export interface SiteSeedOptions {
  /** Default `https://www.shop.example.com`: the project is `shop.example.com`. */
  origin?: string;
  addresses?: number;
  reports?: number;
  days?: number;
  now?: number;
}

/** The faults every latest report carries: page i (0-based) fails `check` when i % every === 0. */
export const SITE_FAULTS = [
  { check: 'headings', every: 2 },
  { check: 'image_keywords', every: 3 },
  { check: 'favicon', every: 4 },
  { check: 'meta_description', every: 5 },
  { check: 'inline_css', every: 1 },
  { check: 'load_time', every: 7 },
] as const;
/** Failed by the older reports only: fixed on every page since. */
export const SITE_FIXED_FAULT = 'robots';

const DAY = 24 * 3600_000;

function resultsFailing(failed: ReadonlySet<string>, address: string): { results: Record<string, CheckResult>; score: number } {
  const results: Record<string, CheckResult> = {};
  let total = 0;
  let passed = 0;
  for (const check of checksOf('v13')) {
    const sample = RESULT_SAMPLES.get(check.name);
    if (!sample) throw new Error(`No recorded result of the check ${check.name} in tests/fixtures/results.`);
    const fail = failed.has(check.name);
    const entry = structuredClone(fail ? sample.failed : sample.passed);
    if (check.name === 'seo_friendly_url' || check.name === 'https_encryption') entry.value = address;
    results[check.name] = entry;
    total += WEIGHTS[check.importance];
    if (!fail) passed += WEIGHTS[check.importance];
  }
  return { results, score: Math.round((passed / total) * 100) };
}

/** The page paths: `/`, then `/products/1`, `/products/2`, …. */
const pathOf = (i: number) => (i === 0 ? '/' : `/products/${i}`);

export function siteSeeds(o: SiteSeedOptions = {}): SeedReport[] {
  const origin = o.origin ?? 'https://www.shop.example.com';
  const addresses = o.addresses ?? 200;
  const reports = o.reports ?? 1000;
  const days = o.days ?? 90;
  const now = o.now ?? Date.now();
  const rounds = Math.ceil(reports / addresses);
  const seeds: SeedReport[] = [];
  // Oldest round first: ids grow with the dates, as on a service that audits as it goes.
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < addresses && seeds.length < reports; i++) {
      const latest = round === rounds - 1 || seeds.length + addresses >= reports;
      const url = `${origin}${pathOf(i)}`;
      const failed = new Set<string>(SITE_FAULTS.filter((f) => i % f.every === 0).map((f) => f.check));
      if (!latest) failed.add(SITE_FIXED_FAULT);
      const { results, score } = resultsFailing(failed, url);
      const at = now - ((rounds - round) * days * DAY) / rounds + i * 1000;
      seeds.push({ url, score, privacy: i % 9 === 8 ? 1 : 0, generatedAt: new Date(at).toISOString(), results });
    }
  }
  return seeds;
}

/** Seeds `siteSeeds(o)` into a running service for `apiKey`; answers the project. */
export function seedSite(service: Pick<RunningService, 'seedReports'>, apiKey: string, o: SiteSeedOptions = {}): string {
  const made = service.seedReports(apiKey, siteSeeds(o));
  return made[0]!.project;
}
