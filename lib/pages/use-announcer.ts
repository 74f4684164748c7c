import { useCallback, useState } from 'preact/hooks';

/**
 * Text for a polite live region (components/ui/LiveRegion.tsx). The same words twice are still read
 * twice: the region is emptied first.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => {
    setText('');
    requestAnimationFrame(() => setText(next));
  }, []);
  return [text, announce];
}
