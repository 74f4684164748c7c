import { useNow } from '@/lib/pages/use-clock';
import type { useRuns } from '@/lib/options/use-runs';
import type { RunView } from '@/lib/protocol';
import { reportsCount, runStateText, runSummary, runTitle } from '@/lib/shared/run-text';
import { Notice } from '@/components/ui/Notice';
import { t, tn } from '@/lib/shared/i18n';

/** Failed items listed by name; past this many, the rest are counted. */
const FAILED_SHOWN = 50;

type Runs = ReturnType<typeof useRuns>;

function RunItem({ run, now, runs }: { run: RunView; now: number; runs: Runs }) {
  const title = runTitle(run.action, run.total, run.privacy);
  const titleId = `run-${run.id}-title`;
  const retryable = run.failed.length + (run.state === 'stopped' ? run.left : 0);
  return (
    <li class="runs__item" data-run-id={run.id} data-state={run.state} aria-labelledby={titleId}>
      <div class="runs__head">
        <strong id={titleId}>{title}</strong>
        <span class="muted">{runStateText(run, now)}</span>
      </div>
      <progress class="runs__progress" max={run.total} value={run.done + run.failed.length} aria-labelledby={titleId} />
      <p class="runs__summary">{runSummary(run)}</p>
      {run.state === 'running' && run.waitReason && run.waitUntil !== null && run.waitUntil > now && <p class="muted">{run.waitReason}</p>}
      {run.current.length > 0 && <p class="muted runs__current">{t('runsNow', { items: run.current.join(', ') })}</p>}
      {run.failed.length > 0 && (
        <details class="runs__failed">
          <summary>{t('runsWhyFailed', { reports: reportsCount(run.failed.length) })}</summary>
          <ul>
            {run.failed.slice(0, FAILED_SHOWN).map((f, i) => (
              <li key={i}>
                <strong>{f.url}</strong>: {f.reason}
              </li>
            ))}
            {run.failed.length > FAILED_SHOWN && <li>{tn('runsMore', run.failed.length - FAILED_SHOWN)}</li>}
          </ul>
        </details>
      )}
      <div class="runs__buttons">
        {run.state === 'running' && (
          <button type="button" class="button" onClick={() => void runs.stop(run.id)} aria-label={t('runsStopLabel', { title })}>
            {t('runsStop')}
          </button>
        )}
        {run.state !== 'running' && retryable > 0 && (
          <button type="button" class="button" onClick={() => void runs.retry(run.id)} aria-label={t('runsRetryLabel', { count: retryable, title })}>
            {run.failed.length > 0 ? t('runsRetryFailed', { reports: reportsCount(run.failed.length) }) : t('runsResume')}
          </button>
        )}
        {run.state !== 'running' && (
          <button type="button" class="button button--link" onClick={() => void runs.dismiss(run.id)} aria-label={t('runsDismissLabel', { title })}>
            {t('popDismiss')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Bulk actions and lists of addresses under way in the background, and how they ended: shown only while there are some. */
export function RunsPanel({ runs }: { runs: Runs }) {
  const now = useNow(1_000);
  if (!runs.error && (!runs.runs || runs.runs.length === 0)) return null;
  return (
    <section class="card runs" aria-labelledby="runs-title">
      <h2 id="runs-title">{t('runsHeading')}</h2>
      {runs.error && <Notice tone="error" message={runs.error.message} />}
      <p class="muted">{t('runsIntro')}</p>
      <ul class="runs__list">
        {[...(runs.runs ?? [])].reverse().map((run) => (
          <RunItem key={run.id} run={run} now={now} runs={runs} />
        ))}
      </ul>
    </section>
  );
}
