import { PRIVACY_SHORT_TEXT, PRIVACY_VALUES, type Privacy } from '@/lib/shared/privacy';
import '@/components/ui/ui.css';
import { t, type PlainKey } from '@/lib/shared/i18n';

const CHOICE_HINT = { 0: 'privacyPublicHint', 1: 'privacyPrivateHint', 2: 'privacyPasswordHint' } as const satisfies Record<Privacy, PlainKey>;

interface Props {
  name: string;
  legend: string;
  value: Privacy;
  onChange: (privacy: Privacy) => void;
  disabled?: boolean;
  error?: string;
}

/** Public, Private or Password as one radio group; the arrow keys move between them. */
export function PrivacyChoice({ name, legend, value, onChange, disabled, error }: Props) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <fieldset class="privacy" disabled={disabled} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend class="field__label">{legend}</legend>
      <div class="segments">
        {PRIVACY_VALUES.map((privacy) => (
          <label class="segment" key={privacy}>
            <input class="segment__input" type="radio" name={name} value={privacy} checked={value === privacy} onChange={() => onChange(privacy)} />
            <span class="segment__text">{PRIVACY_SHORT_TEXT[privacy]}</span>
          </label>
        ))}
      </div>
      <p class="field__help" id={hintId}>
        {t(CHOICE_HINT[value])}
      </p>
      {error && (
        <p class="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
