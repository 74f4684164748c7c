import type { Report } from '@/lib/api';
import type { ReportOutcome } from '@/lib/shared/site-limits';

/** What a verdict on limits reads of a report: null when its checks were not read. */
export function reportOutcome(report: Pick<Report, 'project' | 'url' | 'score' | 'checks'>): ReportOutcome | null {
  if (!report.checks) return null;
  const failed = Object.entries(report.checks).flatMap(([key, check]) => (check.passed ? [] : [{ key, importance: check.importance }]));
  return { project: report.project, url: report.url, score: report.score, failed };
}
