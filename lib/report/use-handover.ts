import { useEffect, useState } from 'preact/hooks';
import type { Handover } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { NO_AGENCY } from '@/lib/shared/agency';

const NOTHING_SET: Handover = { agency: NO_AGENCY, trackers: {} };

/** The agency and the sites' trackers, read once when the page opens; nothing set until then, or when they cannot be read. */
export function useHandover(): Handover {
  const [handover, setHandover] = useState<Handover>(NOTHING_SET);
  useEffect(() => {
    let live = true;
    sendToBackground('getHandover', {}).then(
      (value) => live && setHandover(value),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return handover;
}
