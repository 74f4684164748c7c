import { useCallback, useRef, useState } from 'preact/hooks';

/** Resolves at the next frame: what was drawn before it has been on screen. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Text for a polite live region (components/ui/LiveRegion.tsx). The same words twice are still read
 * twice: the region is emptied first. Words come in turn, each drawn for a frame at least: a failure
 * told just after "Reporting…" follows it rather than replacing it before it was ever shown.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const told = useRef(Promise.resolve());
  const announce = useCallback((next: string) => {
    told.current = told.current.then(async () => {
      setText('');
      await nextFrame();
      setText(next);
      await nextFrame();
    });
  }, []);
  return [text, announce];
}
