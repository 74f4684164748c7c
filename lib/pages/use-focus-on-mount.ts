import { useEffect } from 'preact/hooks';
import { afterPaint } from '@/lib/pages/after-paint';

/**
 * Moves keyboard focus to an element when it first appears (a popup screen's first control, a result's link, a view's
 * heading), once the frame it appears in is painted. Focusing lays the page out at once, and Preact runs a pending
 * effect before it draws its component again: a page drawn again before that frame (another answer in) would have its
 * frame held back by the focus. `when` false: the focus stays where it is.
 */
export function useFocusOnMount<T extends HTMLElement>(ref: { current: T | null }, when = true): void {
  useEffect(() => {
    if (!when) return;
    let live = true;
    void afterPaint().then(() => live && ref.current?.focus());
    return () => {
      live = false;
    };
  }, []);
}
