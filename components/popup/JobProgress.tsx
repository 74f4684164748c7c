import { useRef } from 'preact/hooks';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { PRIVACY_TEXT, type Privacy } from '@/lib/shared/privacy';
import { elapsedText } from '@/lib/pages/dates';
import { useElapsedSeconds } from '@/lib/pages/use-clock';
import { t } from '@/lib/shared/i18n';

/** While the service audits the page. The background owns the job, so the popup may close meanwhile. */
export function JobProgress({ startedAt, privacy }: { startedAt: number; privacy: Privacy }) {
  const seconds = useElapsedSeconds(startedAt);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <section class="panel job" data-job="running" aria-labelledby="job-heading" aria-busy="true">
      <div class="job__line">
        <span class="spinner" aria-hidden="true" />
        <div class="job__title">
          <h2 id="job-heading" ref={heading} tabIndex={-1}>
            {t('popAuditing')}
          </h2>
        </div>
        <span class="job__elapsed" aria-label={t('popSoFar', { time: elapsedText(seconds) })}>
          {elapsedText(seconds)}
        </span>
      </div>
      <p class="muted">{t('popAuditText', { privacy: PRIVACY_TEXT[privacy].toLowerCase() })}</p>
    </section>
  );
}
