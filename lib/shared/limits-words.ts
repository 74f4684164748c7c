import { checkName } from '@/lib/shared/check-names';
import type { LimitCategory } from '@/lib/shared/check-categories';
import { catalogueWords, formatNumber, t, tn } from '@/lib/shared/i18n';
import type { BrokenLimit, LimitsVerdict, SiteLimits } from '@/lib/shared/site-limits';

/** A site's limits and a report's verdict on them, in words, the same on every page. */

export const CATEGORY_TEXT = catalogueWords<LimitCategory>({
  seo: 'categorySeo',
  performance: 'categoryPerformance',
  security: 'categorySecurity',
  miscellaneous: 'categoryMiscellaneous',
});

const names = (checks: readonly string[]) => checks.map(checkName).join(', ');

/** "Score 72 is below the minimum of 80"; "Security checks failed: Mixed content". */
export function brokenLimitText(broken: BrokenLimit): string {
  switch (broken.kind) {
    case 'min-score':
      return broken.score === null
        ? t('limitBrokenNoScore', { min: broken.min })
        : t('limitBrokenMinScore', { score: formatNumber(Math.round(broken.score)), min: broken.min });
    case 'high-failed':
      return tn('limitBrokenHigh', broken.checks.length, { checks: names(broken.checks) });
    case 'category':
      return t('limitBrokenCategory', { category: CATEGORY_TEXT[broken.category], checks: names(broken.checks) });
    case 'check':
      return t('limitBrokenCheck', { check: checkName(broken.check) });
  }
}

/** The verdict in one line: "Within limits", "Within limits, 2 findings accepted", "Breaks 2 limits". */
export function verdictText(verdict: LimitsVerdict): string {
  if (!verdict.within) return tn('limitsBreaks', verdict.broken.length);
  return verdict.changedByAccepted ? tn('limitsWithinAccepted', verdict.accepted.length) : t('limitsWithin');
}

/** "score at least 80 · no failed check of high importance · no failed Security check · 2 checks must pass". */
export function limitsSummaryText(limits: SiteLimits): string {
  const parts: string[] = [];
  if (limits.minScore !== null) parts.push(t('limitsSummaryMinScore', { min: limits.minScore }));
  if (limits.noHighFailed) parts.push(t('limitsNoHigh'));
  if (limits.categories.length > 0)
    parts.push(t('limitsSummaryCategories', { categories: limits.categories.map((c) => CATEGORY_TEXT[c]).join(', ') }));
  if (limits.checks.length > 0) parts.push(tn('limitsSummaryChecks', limits.checks.length));
  return parts.join(' · ');
}
