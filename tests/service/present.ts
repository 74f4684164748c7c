import type { AccountRecord, ReportRecord } from './store.ts';

/** A report as the API sends it: the password only as whether one is set. */
export function presentReport(report: ReportRecord) {
  return {
    id: report.id,
    url: report.url,
    project: report.project,
    result: report.result,
    results: report.results,
    privacy: report.privacy,
    password: report.passwordHash !== null,
    generated_at: report.generatedAt,
    created_at: report.createdAt,
    updated_at: report.updatedAt,
  };
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
