import type { ComponentChildren } from 'preact';

/** A labelled control: the label names the control by its id, as screen readers and tests find it. */
export function Field({ id, label, wide = false, children }: { id: string; label: string; wide?: boolean; children: ComponentChildren }) {
  return (
    <div class={wide ? 'field rm-field--wide' : 'field'}>
      <label class="field__label" for={id}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled menu of fixed options; `onChoose` gets the option chosen. */
export function MenuField<T extends string | number>({
  id,
  label,
  value,
  options,
  onChoose,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChoose: (value: T) => void;
}) {
  return (
    <Field id={id} label={label}>
      <select
        class="input"
        id={id}
        value={String(value)}
        onChange={(e) => {
          const chosen = options.find(([option]) => String(option) === e.currentTarget.value);
          if (chosen) onChoose(chosen[0]);
        }}
      >
        {options.map(([option, text]) => (
          <option key={option} value={String(option)}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
