import type { useShowOnPage } from '@/lib/report/use-show-on-page';
import { t } from '@/lib/shared/i18n';

/**
 * "Previous finding" and "Next finding" for a check outlined on the page: each scrolls the tab to
 * one finding and focuses it there, and the words beside say which ("Finding 3 of 12"), as the
 * page's badge does.
 */
export function FindingSteps({
  name,
  at,
  count,
  control,
}: {
  name: string;
  at: number | undefined;
  count: number;
  control: Pick<ReturnType<typeof useShowOnPage>, 'step'>;
}) {
  return (
    <div class="check__findings" role="group" aria-label={name}>
      <button type="button" class="button" data-finding-step="previous" onClick={() => control.step(-1)}>
        {t('showOnPagePrevious')}
      </button>
      <button type="button" class="button" data-finding-step="next" onClick={() => control.step(1)}>
        {t('showOnPageNext')}
      </button>
      <span class="check__finding-position" aria-live="polite">
        {at === undefined ? '' : t('showOnPagePosition', { index: at + 1, count })}
      </span>
    </div>
  );
}
