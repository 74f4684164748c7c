import { useMemo } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import { whatChanged } from '@/lib/report/changes';
import { handoverChecks } from '@/lib/report/handover-checks';
import { exactTime } from '@/lib/pages/dates';
import type { Agency } from '@/lib/shared/agency';
import { summariseChecks } from '@/lib/shared/check-summary';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { PrintCover } from '@/components/handover/PrintCover';
import { PrintChecks } from '@/components/handover/PrintChecks';
import { t, tn } from '@/lib/shared/i18n';

/** The report as printed or saved as PDF: cover, summary, what changed, every failed check in full, the passed ones listed. */
export function PrintReport({ view, agency }: { view: ReportView; agency: Agency }) {
  const { report } = view;
  const checks = useMemo(() => handoverChecks(report), [report]);
  const tally = report.checks ? summariseChecks(report.checks) : null;
  const failed = tally ? tally.failed.high + tally.failed.medium + tally.failed.low : 0;
  const changes = whatChanged(view);
  const date = report.generatedAt ?? report.createdAt;
  const score = report.score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(report.score) });
  const names = (list: { name: string }[]) => (list.length > 0 ? list.map((c) => c.name).join(', ') : t('changesNone'));
  return (
    <article class="print-doc print-only">
      <PrintCover
        agency={agency}
        subject={report.url}
        score={report.label ? `${score} (${RESULT_LABEL_TEXT[report.label]})` : score}
        date={date ? exactTime(date) : t('dateUnknown')}
        iso={date}
      />
      <h2>{t('handoverSummary')}</h2>
      <p>
        {tally
          ? failed === 0
            ? tn('reportAllPassed', tally.total)
            : tn('reportTally', tally.total, { failed, high: tally.failed.high, medium: tally.failed.medium, low: tally.failed.low })
          : t('reportNoChecks')}
      </p>
      <h2>{t('changesHeading')}</h2>
      {changes ? (
        <>
          <p>{t('changesSince', { date: changes.previous.generatedAt ? exactTime(changes.previous.generatedAt) : t('dateUnknown') })}</p>
          <p>
            <strong>{t('changesNowPassing')}:</strong> {names(changes.fixed)}
          </p>
          <p>
            <strong>{t('changesNowFailing')}:</strong> {names(changes.broken)}
          </p>
        </>
      ) : (
        <p>{t('changesFirst')}</p>
      )}
      <PrintChecks checks={checks} />
    </article>
  );
}
