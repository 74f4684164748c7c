import { useEffect, useState } from 'preact/hooks';
import type { LimitsVerdict } from '@/lib/shared/site-limits';
import { onStateChanged, sendToBackground } from '@/lib/pages/send-to-background';
import { errorData } from '@/lib/pages/error-view';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { t } from '@/lib/shared/i18n';

/** Loaded once a verdict comes: a site without limits costs the popup none of its code. */
const LimitsVerdictLine = lazyComponent(() => import('@/components/ui/LimitsVerdictLine').then((m) => m.LimitsVerdictLine));

/** The page's latest report against its site's limits; nothing when the site has none. */
export function PopupLimitsLine({ reportId }: { reportId: number }) {
  const [verdict, setVerdict] = useState<LimitsVerdict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      sendToBackground('getLimitsVerdict', { id: reportId }).then(
        (next) => {
          if (!current) return;
          setVerdict(next);
          setFailure(null);
        },
        (error: unknown) => {
          if (current) setFailure(errorData(error, t('limitsUnreadable')).message);
        },
      );
    void load();
    const stop = onStateChanged((change) => {
      if (change === 'limits') void load();
    });
    return () => {
      current = false;
      stop();
    };
  }, [reportId]);
  if (failure) return <p class="muted">{t('limitsCheckFailed', { reason: failure })}</p>;
  return verdict ? <LimitsVerdictLine verdict={verdict} /> : null;
}
