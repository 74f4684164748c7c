import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReportView } from '@/lib/protocol';
import type { useComparison } from '@/lib/report/use-comparison';
import { errorView } from '@/lib/pages/error-view';
import { lazyComponent, useLoadedFirst } from '@/lib/pages/lazy-component';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

/** Loaded on the first "Compare with…", not with the page: the report's first frame does not wait for them. */
const ComparePicker = lazyComponent(() => import('@/components/report/ComparePicker').then((m) => m.ComparePicker));
const ComparisonView = lazyComponent(() => import('@/components/report/ComparisonView').then((m) => m.ComparisonView));

type Compare = ReturnType<typeof useComparison>;

/** "Compare with…": the picker, then the report shown side by side with the one chosen (loading, failed, or the comparison). */
export function CompareReports({ view, compare }: { view: ReportView; compare: Compare }) {
  const [picking, setPicking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const comparing = compare.state.phase !== 'none';
  // The comparison's code is asked for with the other report, and its state drawn once both are in.
  useEffect(() => void (comparing && ComparisonView.preload().catch(() => undefined)), [comparing]);
  const state = useLoadedFirst(compare.state, compare.state.phase === 'ready' ? [ComparisonView] : []);

  const togglePicker = () => {
    if (picking) return setPicking(false);
    if (compare.hosts.phase === 'idle') compare.findOtherHosts();
    void ComparePicker.preload().then(
      () => setPicking(true),
      () => undefined,
    );
  };

  return (
    <section class="report__compare card" aria-labelledby="compare-heading" data-compare={state.phase}>
      <div class="compare__top">
        <h2 id="compare-heading">{t('compareHeading')}</h2>
        <div class="compare__buttons">
          <button ref={toggle} type="button" class="button" aria-expanded={picking} aria-controls="compare-picker" onClick={togglePicker}>
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
          onCancel={() => {
            setPicking(false);
            toggle.current?.focus();
          }}
          onChoose={(chosen) => {
            setPicking(false);
            // The picker goes: the keyboard carries on from the button that opened it.
            toggle.current?.focus();
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
      {state.phase === 'ready' && <ComparisonView here={state.here} other={state.other} />}
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
