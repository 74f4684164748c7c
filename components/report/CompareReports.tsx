import { useState } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import type { useComparison } from '@/lib/report/use-comparison';
import { errorView } from '@/lib/pages/error-view';
import { Notice } from '@/components/ui/Notice';
import { ComparePicker } from '@/components/report/ComparePicker';
import { ComparisonView } from '@/components/report/ComparisonView';
import { t } from '@/lib/shared/i18n';

type Compare = ReturnType<typeof useComparison>;

/** "Compare with…": the picker, then the report shown side by side with the one chosen (loading, failed, or the comparison). */
export function CompareReports({ view, compare }: { view: ReportView; compare: Compare }) {
  const [picking, setPicking] = useState(false);
  const { state } = compare;

  const togglePicker = () => {
    if (!picking && compare.hosts.phase === 'idle') compare.findOtherHosts();
    setPicking(!picking);
  };

  return (
    <section class="report__compare card" aria-labelledby="compare-heading" data-compare={state.phase}>
      <div class="compare__top">
        <h2 id="compare-heading">{t('compareHeading')}</h2>
        <div class="compare__buttons">
          <button type="button" class="button" aria-expanded={picking} aria-controls="compare-picker" onClick={togglePicker}>
            {t('compareOpen')}
          </button>
          {state.phase !== 'none' && (
            <button type="button" class="button button--link" onClick={compare.close}>
              {t('compareClose')}
            </button>
          )}
        </div>
      </div>
      {picking && (
        <ComparePicker
          view={view}
          hosts={compare.hosts}
          onRetryHosts={compare.findOtherHosts}
          onChoose={(chosen) => {
            setPicking(false);
            compare.choose(chosen);
          }}
        />
      )}
      {state.phase === 'loading' && (
        <p class="compare__loading muted" role="status">
          <span class="spinner" aria-hidden="true" /> {t('compareLoading')}
        </p>
      )}
      {state.phase === 'failed' && <OtherFailed message={errorView(state.error, []).message} onRetry={compare.retry} />}
      {state.phase === 'ready' && <ComparisonView comparison={state.comparison} />}
    </section>
  );
}

function OtherFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Notice tone="error" message={t('compareFailed', { reason: message })}>
      <button type="button" class="button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </Notice>
  );
}
