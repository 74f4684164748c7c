import { useMemo } from 'preact/hooks';
import type { Report } from '@/lib/api';
import { reportOutcome } from '@/lib/pages/report-outcome';
import { useSiteLimits } from '@/lib/pages/use-site-limits';
import { limitsVerdict, type LimitsVerdict } from '@/lib/shared/site-limits';

/** Whether any site has limits: the reports manager then reads each report's failed checks and shows the "Limits" column. */
export function useAnyLimits() {
  const source = useSiteLimits();
  const any = !!source.state && Object.keys(source.state.limits).length > 0;
  return { source, any };
}

/**
 * Each report of the page against its site's limits at `now`, by id: null for a report whose site has
 * none, or whose failed checks were not read. Undefined when no site has limits (no column at all).
 */
export function useRowVerdicts(reports: readonly Report[], source: ReturnType<typeof useSiteLimits>, now: number) {
  const state = source.state;
  return useMemo(() => {
    if (!state || Object.keys(state.limits).length === 0) return undefined;
    const verdicts = new Map<number, LimitsVerdict | null>();
    for (const report of reports) {
      const outcome = reportOutcome(report);
      const limits = report.project ? state.limits[report.project] : undefined;
      verdicts.set(report.id, outcome && limits ? limitsVerdict(outcome, limits, state.accepted, now) : null);
    }
    return verdicts;
  }, [reports, state, now]);
}
