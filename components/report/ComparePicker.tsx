import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ComparableReport, HistoryPoint, ReportView } from '@/lib/protocol';
import type { OtherHostsState } from '@/lib/report/use-comparison';
import { exactTime } from '@/lib/pages/dates';
import { storedHostAndPath } from '@/lib/shared/page-address';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { t } from '@/lib/shared/i18n';

interface Props {
  view: ReportView;
  hosts: OtherHostsState;
  onRetryHosts: () => void;
  onChoose: (chosen: { id: number; url?: string }) => void;
  /** Escape: the picker closes without a choice. */
  onCancel: () => void;
}

const scoreWords = (p: HistoryPoint) =>
  `${p.score === null ? t('scoreNone') : t('scoreValue', { score: Math.round(p.score) })}${p.label ? ` (${RESULT_LABEL_TEXT[p.label]})` : ''}`;
const dateWords = (p: HistoryPoint) => (p.generatedAt ? exactTime(p.generatedAt) : t('dateUnknown'));

/**
 * The reports "Compare with…" offers: the address's other reports (from the view's own history,
 * newest first) and the same path on other hosts (asked for when the picker opens), in one list.
 */
export function ComparePicker({ view, hosts, onRetryHosts, onChoose, onCancel }: Props) {
  const sameAddress = view.history.filter((p) => p.id !== view.report.id).reverse();
  const otherHosts: ComparableReport[] = hosts.phase === 'ready' ? hosts.reports : [];
  const urls = new Map<number, string>([
    ...sameAddress.map((p) => [p.id, view.report.url] as const),
    ...otherHosts.map((r) => [r.id, r.url] as const),
  ]);
  const first = sameAddress[0]?.id ?? otherHosts[0]?.id ?? null;
  const [picked, setPicked] = useState<number | null>(first);
  const select = useRef<HTMLSelectElement>(null);
  const chosen = picked !== null && urls.has(picked) ? picked : first;

  // Before the frame is painted: the list appears with the focus already in it.
  useLayoutEffect(() => select.current?.focus(), [first !== null]);

  const submit = (event: Event) => {
    event.preventDefault();
    if (chosen !== null) onChoose({ id: chosen, url: urls.get(chosen) });
  };

  return (
    <form
      id="compare-picker"
      class="compare__picker"
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onCancel())}
      data-hosts={hosts.phase}
    >
      {urls.size > 0 && (
        <div class="field">
          <label class="field__label" for="compare-with">
            {t('comparePickerLabel')}
          </label>
          <select id="compare-with" ref={select} class="input" value={chosen ?? ''} onChange={(e) => setPicked(Number(e.currentTarget.value))}>
            {sameAddress.length > 0 && (
              <optgroup label={t('compareSameAddress')} data-group="address">
                {sameAddress.map((p) => (
                  <option key={p.id} value={p.id}>
                    {t('compareOptionDate', { date: dateWords(p), score: scoreWords(p) })}
                  </option>
                ))}
              </optgroup>
            )}
            {otherHosts.length > 0 && (
              <optgroup label={t('compareOtherHosts')} data-group="hosts">
                {otherHosts.map((r) => (
                  <option key={r.id} value={r.id}>
                    {t('compareOptionHost', { host: storedHostAndPath(r.url).host, date: dateWords(r), score: scoreWords(r) })}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
      )}
      {sameAddress.length === 0 && (
        <p class="compare__source" data-source="address">
          {view.historyError ? t('changesHistoryUnreadable') : t('compareNoOtherReport')}
        </p>
      )}
      <p class="compare__source" data-source="hosts" role="status">
        {hosts.phase === 'loading' && (
          <>
            <span class="spinner" aria-hidden="true" /> {t('compareLookingOnHosts')}
          </>
        )}
        {hosts.phase === 'ready' && otherHosts.length === 0 && t('compareNoOtherHost')}
        {hosts.phase === 'failed' && (
          <>
            {t('compareHostsFailed', { reason: hosts.error.message })}{' '}
            <button type="button" class="button button--link" onClick={onRetryHosts}>
              {t('tryAgain')}
            </button>
          </>
        )}
      </p>
      {urls.size > 0 && (
        <button type="submit" class="button button--primary">
          {t('compareSubmit')}
        </button>
      )}
    </form>
  );
}
