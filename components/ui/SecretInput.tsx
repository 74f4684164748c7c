import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import '@/components/ui/ui.css';
import { t } from '@/lib/shared/i18n';

interface Props {
  id: string;
  value: string;
  onInput: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** What the toggle shows or hides, for its accessible name ("Show password"). */
  what: string;
}

/** A masked field with a show/hide toggle; the label stays with the caller. */
export function SecretInput({ id, value, onInput, describedBy, invalid, placeholder, autoComplete = 'off', disabled, inputRef, what }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div class="secret">
      <input
        ref={inputRef}
        id={id}
        class="input secret__input"
        // Preact's input types keep 'text' and 'password' apart; this field is both in turn.
        type={(shown ? 'text' : 'password') as 'text'}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid ? 'true' : undefined}
        placeholder={placeholder}
        autoComplete={autoComplete}
        spellcheck={false}
        autoCapitalize="off"
        disabled={disabled}
      />
      <button
        type="button"
        class="button button--link secret__toggle"
        aria-controls={id}
        aria-label={shown ? t('hideWhat', { what }) : t('showWhat', { what })}
        onClick={() => setShown(!shown)}
        disabled={disabled}
      >
        {shown ? t('hide') : t('show')}
      </button>
    </div>
  );
}
