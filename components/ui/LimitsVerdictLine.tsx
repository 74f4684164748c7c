import type { LimitsVerdict } from '@/lib/shared/site-limits';
import '@/components/ui/limits.css';
import { brokenLimitText, verdictText } from '@/lib/shared/limits-words';

/** A report's verdict on its site's limits: within or not, and each limit it breaks in words. `brief`: the line only. */
export function LimitsVerdictLine({ verdict, brief = false }: { verdict: LimitsVerdict; brief?: boolean }) {
  const state = verdict.within ? 'within' : 'breaks';
  return (
    <div class={`limits-verdict limits-verdict--${state}`} data-limits={state} data-accepted={verdict.accepted.length}>
      <p class="limits-verdict__line">
        <span class="limits-verdict__mark" aria-hidden="true">
          {verdict.within ? '✓' : '!'}
        </span>{' '}
        {verdictText(verdict)}
      </p>
      {!brief && verdict.broken.length > 0 && (
        <ul class="limits-verdict__broken">
          {verdict.broken.map((broken) => (
            <li key={broken.kind + ('category' in broken ? broken.category : 'check' in broken ? broken.check : '')}>{brokenLimitText(broken)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
