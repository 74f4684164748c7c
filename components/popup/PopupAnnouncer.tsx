import { useEffect, useRef } from 'preact/hooks';
import type { PopupState } from '@/lib/popup/popup-state';
import { popupAnnouncement } from '@/lib/popup/popup-announcement';
import { useAnnouncer } from '@/lib/pages/use-announcer';
import { LiveRegion } from '@/components/ui/LiveRegion';

/** A region added to the page is heard only once it has been there a moment, empty. */
const SETTLE_MS = 100;

/** The region drawn now, if any: other parts of the popup speak through it (`tellInPopup`). */
let say: ((words: string) => void) | null = null;

/** Words for the popup's live region from another part of it (a run of many tabs started, and how it went). */
export function tellInPopup(words: string): void {
  say?.(words);
}

/**
 * The popup's live region: says a report started, is ready, failed or waits for the service. Loaded once the popup
 * is ready, after its first frame (components/popup/lazy-screens.ts); what the popup showed then is not said.
 */
export function PopupAnnouncer({ state }: { state: PopupState }) {
  const [text, announce] = useAnnouncer();
  const seen = useRef(state);
  const settled = useRef(Date.now() + SETTLE_MS);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    say = (words) => {
      clearTimeout(pending.current);
      const wait = settled.current - Date.now();
      if (wait > 0) pending.current = setTimeout(() => announce(words), wait);
      else announce(words);
    };
    return () => {
      say = null;
      clearTimeout(pending.current);
    };
  }, [announce]);

  useEffect(() => {
    const words = popupAnnouncement(seen.current, state);
    seen.current = state;
    if (words) say?.(words);
  }, [state]);

  return <LiveRegion text={text} />;
}
