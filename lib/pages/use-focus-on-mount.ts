import { useEffect } from 'preact/hooks';

/** Moves keyboard focus to an element when it first appears (the popup's main action, a result's link). */
export function useFocusOnMount<T extends HTMLElement>(ref: { current: T | null }): void {
  useEffect(() => {
    ref.current?.focus();
  }, []);
}
