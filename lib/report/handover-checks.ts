import type { Report } from '@/lib/api';
import { groupChecks } from '@/lib/report/check-groups';
import { findingLines } from '@/lib/report/finding-text';
import { readFinding } from '@/lib/report/findings';
import type { Importance } from '@/lib/shared/check-summary';

/** One check as a document handed over writes it: words only, nothing to run or draw. */
export interface HandoverCheck {
  key: string;
  name: string;
  category: string;
  importance: Importance;
  passed: boolean;
  why: string | null;
  fix: string | null;
  found: string[];
}

/** The report's checks by category, failed first and most important first, as `groupChecks` orders them. */
export function handoverChecks(report: Pick<Report, 'checks'>): HandoverCheck[] {
  return groupChecks(report.checks ?? {}).flatMap((group) =>
    group.checks.map(({ key, name, check, details }) => ({
      key,
      name,
      category: group.name,
      importance: check.importance,
      passed: check.passed,
      why: details?.why ?? null,
      fix: details?.fix ?? null,
      found: check.passed ? [] : findingLines(readFinding(key, check)),
    })),
  );
}
