import { lastKeyOnly, V13, WEIGHTS, type AuditVariant } from './audit.ts';
import { checksOf } from './checks/index.ts';
import type { CheckResult } from './checks/types.ts';
import { RESULT_SAMPLES } from './result-samples.ts';
import type { SeedReport } from './server.ts';
import { hashPassword, type Store } from './store.ts';
import { formatTime, nowTime } from './time.ts';
import { isWebUrl, projectOf, stripUrl } from './url.ts';

/** Checks whose value is the report's own address: the report page shows it as the full address. */
const ADDRESS_VALUES = new Set(['seo_friendly_url', 'https_encryption']);

/**
 * Results for a report inserted without an audit: every check of the variant, with the
 * heaviest ones failed until the score comes as close to the wanted one as the weights allow.
 * Each entry is a recorded real one (tests/fixtures/results), so its shape is what the
 * service sends; the report's `result` is the wanted score itself.
 */
export function resultsForScore(score: number | null, address: string, variant: AuditVariant = V13): Record<string, CheckResult> {
  if (score === null) return {};
  const checks = checksOf(variant.version);
  const total = checks.reduce((sum, c) => sum + WEIGHTS[c.importance], 0);
  // Failures come in steps of the lightest weight: the nearest step to the wanted score.
  const step = Math.min(...Object.values(WEIGHTS).filter((w) => w > 0));
  let toFail = step * Math.round(((100 - score) / 100) * (total / step));
  const results: Record<string, CheckResult> = {};
  for (const check of checks) {
    const weight = WEIGHTS[check.importance];
    const fail = weight > 0 && weight <= toFail;
    if (fail) toFail -= weight;
    const sample = RESULT_SAMPLES.get(check.name);
    if (!sample) throw new Error(`No recorded result of the check ${check.name} in tests/fixtures/results.`);
    const entry = structuredClone(fail ? sample.failed : sample.passed);
    if (ADDRESS_VALUES.has(check.name)) entry.value = address;
    if (entry.errors && variant.errorKeys === 'last') entry.errors = lastKeyOnly(entry.errors);
    results[check.name] = entry;
  }
  return results;
}

/** Direct inserts for tests and demos; they do not count toward the monthly quota. */
export function seedInto(
  store: Store,
  apiKey: string,
  seeds: SeedReport[],
  variant: AuditVariant = V13,
): { id: number; url: string; project: string }[] {
  const account = store.accountByKey(apiKey);
  if (!account) throw new Error('seedReports: no account has that API key.');
  const now = nowTime();
  const records = seeds.map((seed) => {
    if (!isWebUrl(seed.url)) throw new Error(`seedReports: not an http(s) address: ${seed.url}`);
    if (seed.score !== null && !(Number.isInteger(seed.score) && seed.score >= 0 && seed.score <= 100)) {
      throw new Error(`seedReports: a score is an integer 0–100 or null, not ${seed.score}`);
    }
    const privacy = seed.privacy ?? 0;
    if (privacy === 2 && !seed.password) throw new Error('seedReports: privacy 2 needs a password.');
    const generatedAt = seed.generatedAt ? formatTime(new Date(seed.generatedAt)) : now;
    return {
      accountId: account.id,
      url: stripUrl(seed.url),
      project: projectOf(seed.url),
      fetchUrl: new URL(seed.url).href,
      result: seed.score,
      results: seed.results ?? resultsForScore(seed.score, new URL(seed.url).href, variant),
      privacy,
      passwordHash: privacy === 2 && seed.password ? hashPassword(seed.password) : null,
      generatedAt,
      createdAt: generatedAt,
      updatedAt: generatedAt,
    };
  });
  return store.insertReports(records, false).map(({ id, url, project }) => ({ id, url, project }));
}
