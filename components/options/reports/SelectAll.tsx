import { useEffect, useRef } from 'preact/hooks';

/** "Select all on this page", showing a mixed state when only some rows are chosen. */
export function SelectAll({ count, chosen, disabled, onChange }: { count: number; chosen: number; disabled: boolean; onChange: (all: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && chosen < count;
  }, [chosen, count]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={count > 0 && chosen === count}
      disabled={disabled || count === 0}
      aria-label="Select all reports on this page"
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
