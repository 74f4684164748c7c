import { useId, useMemo } from 'preact/hooks';
import type { ShownCheck } from '@/lib/report/check-groups';
import { readFinding } from '@/lib/report/findings';
import { pageTargets } from '@/lib/report/page-targets';
import { FindingByKind } from '@/components/report/FindingByKind';
import { ShowOnPage, type ShowOnPageControl } from '@/components/report/ShowOnPage';
import { FindingAcceptance } from '@/components/report/FindingAcceptance';
import type { AcceptanceControl } from '@/lib/report/use-report-limits';
import { t, type PlainKey } from '@/lib/shared/i18n';

const IMPORTANCE_TEXT = { high: 'importanceHighLong', medium: 'importanceMediumLong', low: 'importanceLowLong' } as const satisfies Record<
  string,
  PlainKey
>;

/**
 * One check: its name, passed or failed, why it matters, how to fix it, and what was found.
 */
export function CheckItem({
  shown,
  onPage,
  acceptance = null,
  issueUrl,
}: {
  shown: ShownCheck;
  onPage: ShowOnPageControl;
  acceptance?: AcceptanceControl | null;
  /** The site's tracker's new-issue page, prefilled for this failed check. */
  issueUrl?: string;
}) {
  const { key, name, check, details } = shown;
  const headingId = useId();
  const finding = useMemo(() => readFinding(key, check), [key, check]);
  const targets = useMemo(() => pageTargets(key, check), [key, check]);
  const verdict = check.passed ? 'passed' : 'failed';
  const verdictText = check.passed ? t('checkPassedShort') : t('checkFailedShort');
  return (
    <li class={`check check--${verdict}`} data-check={key} data-passed={String(check.passed)} aria-labelledby={headingId}>
      <div class="check__head">
        <span class="check__mark" aria-hidden="true">
          {check.passed ? '✓' : '✕'}
        </span>
        <h3 class="check__name" id={headingId}>
          {name}
          <span class="sr-only">: {verdictText}</span>
        </h3>
        <span class="check__verdict" aria-hidden="true">
          {check.passed ? t('checkPassed') : t('checkFailed')}
        </span>
        <span class={`check__importance check__importance--${check.importance}`}>{t(IMPORTANCE_TEXT[check.importance])}</span>
      </div>
      <p class="check__why">{details?.why ?? t('checkUnknownWhy')}</p>
      {!check.passed && details && (
        <p class="check__fix">
          <strong>{t('checkHowToFix')} </strong>
          {details.fix}
        </p>
      )}
      <FindingByKind finding={finding} />
      {targets && <ShowOnPage checkKey={key} name={name} targets={targets} control={onPage} />}
      {!check.passed && acceptance && <FindingAcceptance checkKey={key} name={name} control={acceptance} />}
      {issueUrl && (
        <a class="button check__new-issue" href={issueUrl} target="_blank" rel="noopener noreferrer" aria-label={t('issueNewFor', { check: name })}>
          {t('issueNew')}
        </a>
      )}
    </li>
  );
}
