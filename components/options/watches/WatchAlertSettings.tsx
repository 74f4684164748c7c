import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/shared/i18n';

/** The fewest points a score must fall by for an alert. */
export function WatchAlertSettings({ scoreDrop, onSave }: { scoreDrop: number; onSave: (scoreDrop: number) => Promise<boolean> }) {
  const [value, setValue] = useState(String(scoreDrop));
  const [saved, setSaved] = useState(false);
  useEffect(() => setValue(String(scoreDrop)), [scoreDrop]);
  const points = Number(value);
  const valid = Number.isInteger(points) && points >= 1 && points <= 100;
  return (
    <form
      class="watches__settings"
      aria-label={t('watchScoreDrop')}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) void onSave(points).then(setSaved);
      }}
    >
      <label class="field__label" for="watch-score-drop">
        {t('watchScoreDrop')}
      </label>
      <input
        id="watch-score-drop"
        class="input watches__points"
        type="number"
        min={1}
        max={100}
        value={value}
        aria-invalid={!valid}
        onInput={(e) => {
          setSaved(false);
          setValue(e.currentTarget.value);
        }}
      />
      <button type="submit" class="button" disabled={!valid}>
        {t('watchSave')}
      </button>
      {saved && (
        <span class="muted" role="status">
          {t('watchSaved')}
        </span>
      )}
    </form>
  );
}
