import { t, tn } from '@/lib/shared/i18n';

/** The reports manager's "Only reports that break limits" filter, on the page shown, with how many do. */
export function BreaksLimitsFilter({
  checked,
  onChange,
  breaking,
  shown,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  breaking: number;
  shown: number;
}) {
  return (
    <p class="rm-limits-filter">
      <label>
        <input type="checkbox" checked={checked} data-filter="breaks-limits" onChange={(event) => onChange(event.currentTarget.checked)} />{' '}
        {t('rmBreaksLimitsFilter')}
      </label>{' '}
      <span class="muted" data-breaking={breaking}>
        {tn('rmBreakingOnPage', breaking, { shown })}
      </span>
    </p>
  );
}
