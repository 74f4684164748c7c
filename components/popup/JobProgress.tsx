import { PRIVACY_TEXT, type Privacy } from '@/lib/shared/score';
import { elapsedText } from '@/lib/pages/dates';
import { useElapsedSeconds } from '@/lib/pages/hooks';

/** While the service audits the page. The background owns the job, so the popup may close meanwhile. */
export function JobProgress({ startedAt, privacy }: { startedAt: number; privacy: Privacy }) {
  const seconds = useElapsedSeconds(startedAt);
  return (
    <section class="panel job" data-job="running" aria-labelledby="job-heading" aria-busy="true">
      <div class="job__line">
        <span class="spinner" aria-hidden="true" />
        <div class="job__title" role="status">
          <h2 id="job-heading">Auditing this page…</h2>
        </div>
        {/* Outside the status region: a screen reader should not read every tick. */}
        <span class="job__elapsed" aria-label={`${elapsedText(seconds)} so far`}>
          {elapsedText(seconds)}
        </span>
      </div>
      <p class="muted">
        The service fetches and checks the page ({PRIVACY_TEXT[privacy].toLowerCase()} report). This can take up to a minute. You can close this
        popup: the report goes on, and it shows here when you open the popup again.
      </p>
    </section>
  );
}
