import type { ReportCheck } from '@/lib/api';
import { checkName } from '@/lib/shared/check-names';
import { IMPORTANCES, type Importance } from '@/lib/shared/check-summary';
import { CATEGORIES, CATEGORY_NAMES, checkDetails, type Category, type CheckDetails } from '@/lib/report/check-guide';
import { t } from '@/lib/shared/i18n';

/** The report's checks as the view lists them: by category, failed first, the most important first, filtered. */

export interface ShownCheck {
  key: string;
  name: string;
  check: ReportCheck;
  details: CheckDetails | undefined;
}

export interface CategoryGroup {
  category: Category;
  name: string;
  /** The checks the filters let through, in the order shown. */
  checks: ShownCheck[];
  /** Counted before filtering, so the heading says how the category fares whatever is shown. */
  failed: number;
  total: number;
}

export interface CheckFilters {
  show: 'all' | 'failed';
  importance: 'all' | Importance;
}

export const DEFAULT_FILTERS: CheckFilters = { show: 'all', importance: 'all' };

const rank = (importance: Importance) => IMPORTANCES.indexOf(importance);

function passes(check: ReportCheck, filters: CheckFilters): boolean {
  return (filters.show === 'all' || !check.passed) && (filters.importance === 'all' || check.importance === filters.importance);
}

/** Categories in the service's order (unknown checks last, under "Other checks"); empty ones left out. */
export function groupChecks(checks: Readonly<Record<string, ReportCheck>>, filters: CheckFilters = DEFAULT_FILTERS): CategoryGroup[] {
  const byCategory = new Map<Category, { all: ShownCheck[] }>(CATEGORIES.map((c) => [c, { all: [] }]));
  for (const [key, check] of Object.entries(checks)) {
    const details = checkDetails(key);
    byCategory.get(details?.category ?? 'other')!.all.push({ key, name: checkName(key), check, details });
  }
  return CATEGORIES.flatMap((category) => {
    const all = byCategory.get(category)!.all;
    if (all.length === 0) return [];
    // Array.prototype.sort is stable: checks of one standing keep the service's order.
    const shown = all
      .filter((c) => passes(c.check, filters))
      .sort((a, b) => Number(a.check.passed) - Number(b.check.passed) || rank(a.check.importance) - rank(b.check.importance));
    return [{ category, name: t(CATEGORY_NAMES[category]), checks: shown, failed: all.filter((c) => !c.check.passed).length, total: all.length }];
  });
}

/** Whether any check at all is shown under these filters. */
export const anyShown = (groups: readonly CategoryGroup[]) => groups.some((g) => g.checks.length > 0);
