import { useMemo } from 'preact/hooks';
import type { Report } from '@/lib/api';
import type { RequestOf } from '@/lib/protocol';
import { useNow } from '@/lib/pages/use-clock';
import { reportOutcome } from '@/lib/pages/report-outcome';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { useSiteLimits } from '@/lib/pages/use-site-limits';
import { acceptedAt, limitsVerdict, type AcceptedFinding, type LimitsVerdict } from '@/lib/shared/site-limits';

/** What a failed check of the report view needs to show its acceptance, or to accept it. */
export interface AcceptanceControl {
  project: string;
  url: string;
  /** The acceptances in force for this page, by check. */
  inForce: ReadonlyMap<string, AcceptedFinding>;
  accept: (request: Omit<RequestOf<'acceptFinding'>, 'project'>) => Promise<void>;
}

/**
 * The report view's verdict on its site's limits, and the acceptances of its failed checks.
 * `verdict` is null while the limits load, or when the site has neither limits nor acceptances.
 */
export function useReportLimits(report: Report | null): { verdict: LimitsVerdict | null; control: AcceptanceControl | null } {
  const { state, act } = useSiteLimits();
  const now = useNow(60_000);
  return useMemo(() => {
    const outcome = report && reportOutcome(report);
    const project = report?.project;
    if (!state || !outcome || !project) return { verdict: null, control: null };
    const limits = state.limits[project];
    const accepted = state.accepted.filter((entry) => entry.project === project);
    const verdict = limits || accepted.length > 0 ? limitsVerdict(outcome, limits, accepted, now) : null;
    const control: AcceptanceControl = {
      project,
      url: outcome.url,
      inForce: acceptedAt(accepted, project, outcome.url, now),
      accept: async (request) => {
        const next = await sendToBackground('acceptFinding', { ...request, project });
        await act(async () => next);
      },
    };
    return { verdict, control };
  }, [report, state, now, act]);
}
