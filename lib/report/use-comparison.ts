import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ComparableReport, ReportView } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { namedService, sendToBackground } from '@/lib/pages/send-to-background';
import { askForReport } from '@/lib/report/use-report';
import { reportViewPath, type ReportViewTarget } from '@/lib/shared/report-view-address';

/**
 * "Compare with…": the other report, named by the view's address (`compare=N`) so a comparison can
 * be linked and opened again, read through the background like the report itself (the kept copy
 * first, when there is one), and the reports of the same path on other hosts the picker offers.
 */

export type OtherReportState =
  { phase: 'none' } | { phase: 'loading' } | { phase: 'failed'; error: ApiErrorData } | { phase: 'ready'; here: ReportView; other: ReportView };

export type OtherHostsState =
  { phase: 'idle' } | { phase: 'loading' } | { phase: 'failed'; error: ApiErrorData } | { phase: 'ready'; reports: ComparableReport[] };

interface Chosen {
  id: number;
  /** Its address, when the picker knew it: the background then reads its history along with it. */
  url?: string;
}

/** The view's own address, saying which report it is compared with (or none), without a new entry in the tab's history. */
function showInAddress(target: ReportViewTarget, compare: number | null): void {
  const { compare: _compare, ...rest } = target;
  const named = { ...rest, service: namedService() };
  history.replaceState(history.state, '', reportViewPath(compare === null ? named : { ...named, compare }));
}

/** `here`: the report the view shows, once it is there. */
export function useComparison(target: ReportViewTarget | null, here: ReportView | null) {
  const [chosen, setChosen] = useState<Chosen | null>(target?.compare !== undefined ? { id: target.compare } : null);
  const [other, setOther] = useState<ReportView | null>(null);
  const [failure, setFailure] = useState<ApiErrorData | null>(null);
  const [hosts, setHosts] = useState<OtherHostsState>({ phase: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const asked = useRef(0);

  useEffect(() => {
    setOther(null);
    setFailure(null);
    if (!chosen) return;
    const ask = ++asked.current;
    const answers = askForReport(chosen);
    const current = () => ask === asked.current;
    void answers.cached.then((view) => current() && view && setOther((now) => now ?? view));
    answers.fresh.then(
      (view) => current() && setOther(view),
      (error: unknown) => current() && setFailure(errorData(error)),
    );
  }, [chosen, attempt]);

  const hereId = here?.report.id;
  const hereUrl = here?.report.url;
  const findOtherHosts = useCallback(() => {
    if (!hereUrl) return;
    setHosts({ phase: 'loading' });
    sendToBackground('findPathOnOtherHosts', { url: hereUrl }).then(
      (reports) => setHosts({ phase: 'ready', reports: reports.filter((r) => r.id !== hereId) }),
      (error: unknown) => setHosts({ phase: 'failed', error: errorData(error) }),
    );
  }, [hereUrl, hereId]);

  const choose = (next: Chosen) => {
    if (!target || next.id === target.id) return;
    showInAddress(target, next.id);
    setChosen(next);
  };
  const close = () => {
    if (target) showInAddress(target, null);
    asked.current += 1;
    setChosen(null);
  };

  const state = useMemo((): OtherReportState => {
    if (!chosen || !here) return { phase: 'none' };
    // The kept copy stays drawn when the service could not be asked again.
    if (other && other.report.id === chosen.id) return { phase: 'ready', here, other };
    if (failure) return { phase: 'failed', error: failure };
    return { phase: 'loading' };
  }, [chosen, here, other, failure]);

  return { chosenId: chosen?.id ?? null, state, hosts, findOtherHosts, choose, close, retry: () => setAttempt((n) => n + 1) };
}
