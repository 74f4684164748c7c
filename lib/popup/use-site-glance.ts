import { useEffect, useRef, useState } from 'preact/hooks';
import type { SiteGlance } from '@/lib/protocol';
import { sendToBackground } from '@/lib/pages/send-to-background';

/**
 * The popup's line about the page's site, asked once the popup shows the service's own answer
 * (`ready`), so it never delays the popup; once per address. Null while asked, and when it fails.
 */
export function useSiteGlance(address: string | null, ready: boolean): SiteGlance | null {
  const [glance, setGlance] = useState<SiteGlance | null>(null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !address || asked.current === address) return;
    asked.current = address;
    sendToBackground('getSiteGlance', { url: address }).then(setGlance, () => setGlance(null));
  }, [address, ready]);
  return glance;
}
