import type { HandoverCheck } from '@/lib/report/handover-checks';
import { t, type PlainKey } from '@/lib/shared/i18n';

const IMPORTANCE = { high: 'importanceHighLong', medium: 'importanceMediumLong', low: 'importanceLowLong' } as const satisfies Record<
  string,
  PlainKey
>;

/** The failed checks in full (why, how to fix, what was found) and the passed ones as a compact list, as printed. */
export function PrintChecks({ checks }: { checks: readonly HandoverCheck[] }) {
  const failed = checks.filter((c) => !c.passed);
  const passed = checks.filter((c) => c.passed);
  return (
    <>
      <h2>{t('handoverFailedHeading')}</h2>
      {failed.length === 0 && <p>{t('handoverNoneFailed')}</p>}
      {failed.map((check) => (
        <section key={check.key} class="print-check" data-check={check.key}>
          <h3>{check.name}</h3>
          <p class="muted">
            {check.category} · {t(IMPORTANCE[check.importance])}
          </p>
          {check.why && (
            <p>
              <strong>{t('handoverWhy')}</strong> {check.why}
            </p>
          )}
          {check.fix && (
            <p>
              <strong>{t('handoverFix')}</strong> {check.fix}
            </p>
          )}
          {check.found.length > 0 && (
            <>
              <p>
                <strong>{t('handoverFound')}</strong>
              </p>
              <ul class="print-check__found" translate={false}>
                {check.found.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      ))}
      {passed.length > 0 && (
        <>
          <h2>{t('handoverPassedHeading')}</h2>
          <ul class="print-passed">
            {passed.map((check) => (
              <li key={check.key}>{check.name}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
