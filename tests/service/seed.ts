import { WEIGHTS } from './audit.ts';
import { CHECKS } from './checks/index.ts';
import type { CheckResult } from './checks/types.ts';
import type { SeedReport } from './server.ts';
import { hashPassword, type Store } from './store.ts';
import { formatTime, nowTime } from './time.ts';
import { isWebUrl, projectOf, stripUrl } from './url.ts';

/**
 * Results for a report inserted without an audit: every check listed, with the heaviest
 * ones failed until the score comes as close to the wanted one as the weights allow.
 * The report's `result` is the wanted score itself.
 */
export function resultsForScore(score: number | null): Record<string, CheckResult> {
  if (score === null) return {};
  const total = CHECKS.reduce((sum, c) => sum + WEIGHTS[c.importance], 0);
  let toFail = Math.round(((100 - score) / 100) * total);
  const results: Record<string, CheckResult> = {};
  for (const check of CHECKS) {
    const weight = WEIGHTS[check.importance];
    const fail = weight > 0 && weight <= toFail;
    if (fail) toFail -= weight;
    results[check.name] = fail
      ? { passed: false, importance: check.importance, value: null, errors: { seeded: null } }
      : { passed: true, importance: check.importance, value: null };
  }
  return results;
}

/** Direct inserts for tests and demos; they do not count toward the monthly quota. */
export function seedInto(store: Store, apiKey: string, seeds: SeedReport[]): { id: number; url: string; project: string }[] {
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
      results: seed.results ?? resultsForScore(seed.score),
      privacy,
      passwordHash: privacy === 2 && seed.password ? hashPassword(seed.password) : null,
      generatedAt,
      createdAt: generatedAt,
      updatedAt: generatedAt,
    };
  });
  return store.insertReports(records, false).map(({ id, url, project }) => ({ id, url, project }));
}
