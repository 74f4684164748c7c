import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { asApiError } from '@/lib/api/errors';
import { sendToBackground } from '@/lib/pages/send-to-background';
import type { ResponseOf, SitemapPlanData } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { t } from '@/lib/shared/i18n';

export type PlannerState =
  { phase: 'idle' } | { phase: 'reading' } | { phase: 'ready'; data: SitemapPlanData } | { phase: 'failed'; message: string };

/**
 * The sitemap planner's reading: asks for the site in the click (the browser shows its prompt
 * only inside the gesture), then has the background read the sitemaps and the site's reports.
 * A permission the click added goes back once they are read; one held before stays.
 */
export function useSitemapPlanner(origin: string) {
  const [state, setState] = useState<PlannerState>({ phase: 'idle' });
  // Whether the site was granted before any click here; unknown until the browser says.
  const [heldBefore, setHeldBefore] = useState<boolean | null>(null);
  const [quota, setQuota] = useState<ResponseOf<'getQuota'> | null>(null);

  useEffect(() => {
    void browser.permissions.contains({ origins: [originPattern(origin)] }).then(setHeldBefore, () => setHeldBefore(false));
  }, [origin]);

  const read = async () => {
    if (heldBefore === null || state.phase === 'reading') return;
    // First, with nothing awaited before it: Firefox refuses a request outside the click.
    // The browser throws for a site the manifest does not offer (plain http away from this computer).
    const asked = browser.permissions.request({ origins: [originPattern(origin)] }).then(
      (granted) => (granted ? null : 'smAccessRefused'),
      () => 'smAccessUnavailable' as const,
    );
    setState({ phase: 'reading' });
    const refusal = await asked;
    if (refusal) {
      setState({ phase: 'failed', message: t(refusal, { host: new URL(origin).host }) });
      return;
    }
    try {
      // The quota is read alongside: the plan is shown with it, never first without it.
      const [data, month] = await Promise.all([
        sendToBackground('readSitemap', { origin, giveBack: !heldBefore }),
        sendToBackground('getQuota', {}).catch(() => null),
      ]);
      setQuota(month);
      setState({ phase: 'ready', data });
    } catch (caught) {
      setState({ phase: 'failed', message: asApiError(caught).message });
    }
  };

  return { state, ready: heldBefore !== null, quota, read };
}
