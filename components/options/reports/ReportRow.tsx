import type { Report } from '@/lib/api';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { PRIVACY_SHORT_TEXT } from '@/lib/shared/score';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { t } from '@/lib/shared/i18n';

/** Something running on the row's report that the row itself shows. */
export type RowActivity = 'regenerating';

export interface RowActions {
  onSelect: (report: Report, selected: boolean) => void;
  onPrivacy: (report: Report) => void;
  onRegenerate: (report: Report) => void;
  onDelete: (report: Report) => void;
}

interface Props extends RowActions {
  report: Report;
  selected: boolean;
  activity: RowActivity | undefined;
  /** No action may start (a bulk delete is running). */
  /** Changes each minute, so the row re-renders and "5 minutes ago" moves on. */
  now: number;
}

/** Short words for a narrow column; the privacy dialog explains each. */
/** The address as a link to the page itself; the service keeps it without its scheme. */
function pageHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

export function ReportRow({ report, selected, activity, ...actions }: Props) {
  const busy = activity !== undefined;
  // aria-disabled keeps the focus on a button that stops being usable while its own action runs.
  const act = (fn: (r: Report) => void) => () => {
    if (!busy) fn(report);
  };
  const about = (
    <span class="sr-only" translate={false}>
      {` ${report.url}`}
    </span>
  );
  return (
    <tr data-report-id={report.id} aria-busy={activity !== undefined} class={activity ? 'rm-row rm-row--busy' : 'rm-row'}>
      <td class="rm-col-select">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('rmSelectRow', { address: report.url })}
          onChange={(e) => actions.onSelect(report, e.currentTarget.checked)}
        />
      </td>
      <th scope="row" class="rm-col-address" translate={false}>
        <a href={pageHref(report.url)} target="_blank" rel="noopener noreferrer" class="rm-address" title={report.url} dir="ltr">
          {report.url}
        </a>
      </th>
      <td class="rm-col-project" title={report.project ?? undefined} translate={report.project === null}>
        {report.project ?? <span class="muted">{t('rmNone')}</span>}
      </td>
      <td class="rm-col-score">
        {activity === 'regenerating' ? (
          <span class="rm-progress-text">
            <span class="spinner" aria-hidden="true" />
            {t('actionRegenerating')}
          </span>
        ) : (
          <ScoreBadge score={report.score} label={report.label} />
        )}
      </td>
      <td class="rm-col-privacy">{PRIVACY_SHORT_TEXT[report.privacy]}</td>
      <td class="rm-col-date">
        <DateText iso={report.generatedAt ?? report.createdAt} />
      </td>
      <td class="rm-col-actions">
        <div class="rm-actions">
          <a
            class="button button--link"
            href={reportViewPath({ id: report.id, generatedAt: report.generatedAt ?? report.createdAt, url: report.url })}
            target="_blank"
            rel="noopener"
          >
            {t('rmOpenReport')}
            {about}
          </a>
          <button type="button" class="button" aria-disabled={busy} onClick={act(actions.onPrivacy)}>
            {t('privacyLegend')}
            {about}
          </button>
          <button type="button" class="button" aria-disabled={busy} onClick={act(actions.onRegenerate)}>
            {t('actionRegenerate')}
            {about}
          </button>
          <button type="button" class="button button--danger" aria-disabled={busy} onClick={act(actions.onDelete)}>
            {t('actionDelete')}
            {about}
          </button>
        </div>
      </td>
    </tr>
  );
}
