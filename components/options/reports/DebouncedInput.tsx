import { useEffect, useRef, useState } from 'preact/hooks';

interface Props {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'search' | 'text';
  list?: string;
  placeholder?: string;
  /** False for a field whose text is data (an address), never words to translate. */
  translate?: boolean;
  maxLength?: number;
  /** Quiet time after the last keystroke before the value is used. */
  delayMs?: number;
}

/**
 * A text box that hands its value on only once typing pauses (or at Enter),
 * so a search over thousands of reports is one request, not one per key.
 */
export function DebouncedInput({ id, value, onCommit, type = 'text', list, placeholder, translate, maxLength, delayMs = 300 }: Props) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  /** The last value handed on: when it comes back as `value`, the user may already be typing further. */
  const committed = useRef(value);
  const commit = (next: string) => {
    committed.current = next;
    commitRef.current(next);
  };

  // The query may change from elsewhere ("Clear filters"): show what it holds now.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commitNow = (next: string) => {
    clearTimeout(timer.current);
    if (next !== committed.current) commit(next);
  };

  return (
    <input
      id={id}
      class="input"
      type={type}
      value={text}
      list={list}
      placeholder={placeholder}
      translate={translate}
      maxLength={maxLength}
      autoComplete="off"
      spellcheck={false}
      onInput={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(next), delayMs);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commitNow(event.currentTarget.value);
      }}
      onChange={(event) => {
        // Picking a datalist suggestion changes the value without a pause worth waiting for.
        if (list) commitNow(event.currentTarget.value);
      }}
    />
  );
}
