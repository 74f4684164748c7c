import '@/components/ui/limits.css';
import type { LimitsVerdict } from '@/lib/shared/site-limits';
import { brokenLimitText, verdictText } from '@/lib/shared/limits-words';
import { t } from '@/lib/shared/i18n';

/** The reports manager's "Limits" cell: within, or what the report breaks; "No limits" when its site has none. */
export function RowLimitsCell({ verdict }: { verdict: LimitsVerdict | null }) {
  if (!verdict) {
    return (
      <td class="rm-col-limits muted" data-limits="none">
        {t('rmNoLimits')}
      </td>
    );
  }
  return (
    <td class="rm-col-limits" data-limits={verdict.within ? 'within' : 'breaks'}>
      <span class={verdict.within ? 'limits-cell limits-cell--within' : 'limits-cell limits-cell--breaks'}>{verdictText(verdict)}</span>
      {verdict.broken.length > 0 && <span class="limits-cell__why muted">{verdict.broken.map(brokenLimitText).join('; ')}</span>}
    </td>
  );
}
