import type { CheckResult } from './checks/types.ts';
import { PhpFloat } from './php-json.ts';
import type { AccountRecord, ReportRecord } from './store.ts';

/** Checks whose value the service computes as a PHP float: seconds, bytes and a percentage. */
const FLOAT_VALUES = new Set(['load_time', 'page_size', 'text_compression', 'text_html_ratio']);

/** A report as the API sends it: the password only as whether one is set. */
export function presentReport(report: ReportRecord) {
  return {
    id: report.id,
    url: report.url,
    project: report.project,
    result: report.result,
    results: withFloats(report.results),
    privacy: report.privacy,
    password: report.passwordHash !== null,
    generated_at: report.generatedAt,
    created_at: report.createdAt,
    updated_at: report.updatedAt,
  };
}

function withFloats(results: Record<string, CheckResult>): Record<string, CheckResult> {
  return Object.fromEntries(
    Object.entries(results).map(([name, entry]) =>
      FLOAT_VALUES.has(name) && typeof entry.value === 'number' ? [name, { ...entry, value: new PhpFloat(entry.value) }] : [name, entry],
    ),
  );
}

/**
 * The account with its plan. `features.reports` is the monthly quota, -1 for unlimited.
 * Plans are known by name only here, so a plan's id is its rank among the names in use.
 */
export function presentAccount(account: AccountRecord, all: readonly AccountRecord[], quota: number, origin: string) {
  const planNames = [...new Set(all.map((a) => a.planName))];
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    avatar_url: `${origin}/avatars/${account.id}.svg`,
    locale: 'en',
    timezone: 'UTC',
    plan: {
      id: planNames.indexOf(account.planName) + 1,
      name: account.planName,
      features: { reports: quota, api: account.apiAccess },
    },
    created_at: account.createdAt,
  };
}

export function quotaOf(account: AccountRecord, fallback: number): number {
  return account.reportsPerMonth ?? fallback;
}
