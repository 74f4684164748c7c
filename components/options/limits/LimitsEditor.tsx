import { useId, useState } from 'preact/hooks';
import { LIMIT_CATEGORIES, checksOfCategory, type LimitCategory } from '@/lib/shared/check-categories';
import { checkName } from '@/lib/shared/check-names';
import { CATEGORY_TEXT } from '@/lib/shared/limits-words';
import type { SiteLimits } from '@/lib/shared/site-limits';
import { t } from '@/lib/shared/i18n';
import '@/components/ui/limits.css';

const KNOWN = LIMIT_CATEGORIES.flatMap((category) => checksOfCategory(category));

/** Reads a typed minimum score: null for none, undefined for anything but a whole number from 0 to 100. */
function minScoreOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,3}$/.test(trimmed) && Number(trimmed) <= 100 ? Number(trimmed) : undefined;
}

interface Props {
  project: string;
  limits: SiteLimits | undefined;
  /** Saves (null: removes); true once saved. */
  onSave: (limits: SiteLimits | null) => Promise<boolean>;
  onDone: () => void;
}

/** A site's limits: a minimum score, no failed check of high importance, no failed check in chosen categories, checks that must pass. */
export function LimitsEditor({ project, limits, onSave, onDone }: Props) {
  const id = useId();
  const [minScore, setMinScore] = useState(limits?.minScore === null || !limits ? '' : String(limits.minScore));
  const [noHighFailed, setNoHighFailed] = useState(limits?.noHighFailed ?? false);
  const [categories, setCategories] = useState<LimitCategory[]>(limits?.categories ?? []);
  const [checks, setChecks] = useState<string[]>(limits?.checks ?? []);
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState(false);
  const score = minScoreOf(minScore);
  const scoreInvalid = checked && score === undefined;
  const shownChecks = [...KNOWN, ...checks.filter((key) => !KNOWN.includes(key))];
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

  const save = async (next: SiteLimits | null) => {
    setBusy(true);
    const saved = await onSave(next);
    setBusy(false);
    if (saved) onDone();
  };

  return (
    <form
      class="limits-form"
      data-project={project}
      noValidate
      aria-label={t('limitsEditorTitle', { project })}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (score === undefined || busy) return;
        void save({ minScore: score, noHighFailed, categories: LIMIT_CATEGORIES.filter((c) => categories.includes(c)), checks });
      }}
    >
      <div class="field">
        <label class="field__label" for={`${id}-min`}>
          {t('limitsMinScore')}
        </label>
        <input
          id={`${id}-min`}
          class="input"
          inputMode="numeric"
          value={minScore}
          aria-invalid={scoreInvalid}
          aria-describedby={`${id}-min-help`}
          onInput={(event) => setMinScore(event.currentTarget.value)}
        />
        <p id={`${id}-min-help`} class={scoreInvalid ? 'field__error' : 'field__help'}>
          {scoreInvalid ? t('limitsMinScoreInvalid') : t('limitsMinScoreHelp')}
        </p>
      </div>
      <label>
        <input type="checkbox" checked={noHighFailed} onChange={(event) => setNoHighFailed(event.currentTarget.checked)} />
        <span>{t('limitsNoHigh')}</span>
      </label>
      <fieldset>
        <legend>{t('limitsCategories')}</legend>
        {LIMIT_CATEGORIES.map((category) => (
          <label key={category}>
            <input
              type="checkbox"
              value={category}
              checked={categories.includes(category)}
              onChange={(event) => setCategories(toggle(categories, category, event.currentTarget.checked))}
            />
            <span>{CATEGORY_TEXT[category]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('limitsChecks')}</legend>
        <div class="limits-form__checks">
          {shownChecks.map((key) => (
            <label key={key}>
              <input
                type="checkbox"
                value={key}
                checked={checks.includes(key)}
                onChange={(event) => setChecks(toggle(checks, key, event.currentTarget.checked))}
              />
              <span>{checkName(key)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div class="dialog__buttons">
        <button type="button" class="button" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </button>
        {limits && (
          <button type="button" class="button button--danger" disabled={busy} onClick={() => void save(null)}>
            {t('limitsRemove')}
          </button>
        )}
        <button type="submit" class="button button--primary" aria-disabled={busy}>
          {t('limitsSave')}
        </button>
      </div>
    </form>
  );
}
