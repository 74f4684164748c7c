import type { ReportPage } from '@/lib/api';

/** A list page whose reports keep only their failed checks: what a verdict on limits reads, a fraction of the checks' size. */
export function onlyFailedChecks(page: ReportPage): ReportPage {
  return {
    ...page,
    reports: page.reports.map((report) => ({
      ...report,
      checks: report.checks && Object.fromEntries(Object.entries(report.checks).filter(([, check]) => !check.passed)),
    })),
  };
}
