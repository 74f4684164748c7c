import type { SitePage, SiteSummary } from '@/lib/protocol';
import { limitsVerdict, type AcceptedFinding, type LimitsVerdict, type SiteLimits } from '@/lib/shared/site-limits';

export interface PageVerdict {
  page: SitePage;
  verdict: LimitsVerdict;
}

/** Each page's latest report against the site's limits at `now`, the pages that break them first. */
export function pageVerdicts(summary: SiteSummary, limits: SiteLimits | undefined, accepted: readonly AcceptedFinding[], now: number): PageVerdict[] {
  const importance = new Map(summary.failing.map((check) => [check.key, check.importance]));
  const verdicts = summary.pages.map((page) => ({
    page,
    verdict: limitsVerdict(
      {
        project: summary.project,
        url: page.url,
        score: page.score,
        failed: page.failed.map((key) => ({ key, importance: importance.get(key) ?? 'low' })),
      },
      limits,
      accepted,
      now,
    ),
  }));
  return [...verdicts.filter((v) => !v.verdict.within), ...verdicts.filter((v) => v.verdict.within)];
}
