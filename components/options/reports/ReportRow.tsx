import { Component } from 'preact';
import type { Report } from '@/lib/api';
import { reportViewPathOf } from '@/lib/shared/report-view-address';
import { PRIVACY_SHORT_TEXT } from '@/lib/shared/privacy';
import { DateText } from '@/components/ui/DateText';
import { ScoreBadge } from '@/components/ui/ScoreBadge';
import { t } from '@/lib/shared/i18n';
import type { RowActivity } from '@/lib/options/use-report-actions';
import { siteViewPath } from '@/lib/shared/site-view-address';
import type { LimitsVerdict } from '@/lib/shared/site-limits';
import { RowLimitsCell } from '@/components/options/limits/RowLimitsCell';
import { namedService } from '@/lib/pages/send-to-background';

export interface RowActions {
  onSelect: (report: Report, selected: boolean) => void;
  onPrivacy: (report: Report) => void;
  onRegenerate: (report: Report) => void;
  onDelete: (report: Report) => void;
  /** "Copy link": the report's address on the service, as its privacy allows. */
  onCopyLink?: (report: Report) => void;
}

/** The words every row repeats, read from the catalogue once for the table rather than once a row. */
export interface RowWords {
  none: string;
  /** "See the whole site: {project}", the project cell's link to the site view. */
  siteOf: (project: string) => string;
  open: string;
  privacy: string;
  regenerate: string;
  regenerating: string;
  delete: string;
  privacyShort: Readonly<Record<Report['privacy'], string>>;
  copyLink: string;
}

export function rowWords(): RowWords {
  return {
    none: t('rmNone'),
    siteOf: (project) => t('rmOpenSite', { project }),
    open: t('rmOpenReport'),
    privacy: t('privacyLegend'),
    regenerate: t('actionRegenerate'),
    regenerating: t('actionRegenerating'),
    delete: t('actionDelete'),
    privacyShort: { 0: PRIVACY_SHORT_TEXT[0], 1: PRIVACY_SHORT_TEXT[1], 2: PRIVACY_SHORT_TEXT[2] },
    copyLink: t('handoverCopyLink'),
  };
}

interface Props {
  report: Report;
  /** The row's place on the page: it names the row's elements, so the next page keeps every id and reference as it is. */
  position: number;
  selected: boolean;
  activity: RowActivity | undefined;
  /** Changes each minute, so the row re-renders and "5 minutes ago" moves on. */
  now: number;
  words: RowWords;
  /** The same object for as long as the table is shown. */
  actions: RowActions;
  /** The report against its site's limits (null: its site has none); undefined when no site has limits: no column. */
  limits?: LimitsVerdict | null;
}

/** The address as a link to the page itself; the service keeps it without its scheme. */
function pageHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/**
 * One report as a row. Drawn again only when one of its own props changes: a page of 100 rows is not
 * rebuilt when the status line, the selection of another row or the loading state changes.
 */
export class ReportRow extends Component<Props> {
  override shouldComponentUpdate(next: Props): boolean {
    const now = this.props;
    return (
      next.report !== now.report ||
      next.position !== now.position ||
      next.selected !== now.selected ||
      next.activity !== now.activity ||
      next.now !== now.now ||
      next.words !== now.words ||
      next.actions !== now.actions ||
      next.limits !== now.limits
    );
  }

  override render() {
    const { report, position, selected, activity, words, actions } = this.props;
    const busy = activity !== undefined;
    // aria-disabled keeps the focus on a button that stops being usable while its own action runs.
    const act = (fn: (r: Report) => void) => () => {
      if (!busy) fn(report);
    };
    // Each action is named by its words and the row's address ("Delete example.com/page"), read from the address
    // cell by reference: no hidden copy of the address is drawn four more times a row.
    const id = `rm-row-${position}`;
    const named = (action: string) => ({ id: `${id}-${action}`, 'aria-labelledby': `${id}-${action} ${id}-address` });
    return (
      <tr data-report-id={report.id} aria-busy={busy} class={busy ? 'rm-row rm-row--busy' : 'rm-row'}>
        <td class="rm-col-select">
          <input
            type="checkbox"
            checked={selected}
            aria-label={t('rmSelectRow', { address: report.url })}
            onChange={(e) => actions.onSelect(report, e.currentTarget.checked)}
          />
        </td>
        <th scope="row" class="rm-col-address" translate={false}>
          <a
            id={`${id}-address`}
            href={pageHref(report.url)}
            target="_blank"
            rel="noopener noreferrer"
            class="rm-address"
            title={report.url}
            dir="ltr"
          >
            {report.url}
          </a>
        </th>
        <td class="rm-col-project" title={report.project ?? undefined} translate={report.project === null}>
          {report.project ? (
            <a
              href={siteViewPath(report.project, namedService())}
              target="_blank"
              rel="noopener"
              class="rm-project"
              aria-label={words.siteOf(report.project)}
            >
              {report.project}
            </a>
          ) : (
            <span class="muted">{words.none}</span>
          )}
        </td>
        <td class="rm-col-score">
          {activity === 'regenerating' ? (
            <span class="rm-progress-text">
              <span class="spinner" aria-hidden="true" />
              {words.regenerating}
            </span>
          ) : (
            <ScoreBadge score={report.score} label={report.label} />
          )}
        </td>
        {this.props.limits !== undefined && <RowLimitsCell verdict={this.props.limits} />}
        <td class="rm-col-privacy">{words.privacyShort[report.privacy]}</td>
        <td class="rm-col-date">
          <DateText iso={report.generatedAt ?? report.createdAt} />
        </td>
        <td class="rm-col-actions">
          <div class="rm-actions">
            <a
              {...named('open')}
              class="button button--link"
              href={reportViewPathOf(report, undefined, namedService())}
              target="_blank"
              rel="noopener"
            >
              {words.open}
            </a>
            <button {...named('privacy')} type="button" class="button" aria-disabled={busy} onClick={act(actions.onPrivacy)}>
              {words.privacy}
            </button>
            <button {...named('regenerate')} type="button" class="button" aria-disabled={busy} onClick={act(actions.onRegenerate)}>
              {words.regenerate}
            </button>
            <button {...named('delete')} type="button" class="button button--danger" aria-disabled={busy} onClick={act(actions.onDelete)}>
              {words.delete}
            </button>
            {actions.onCopyLink && (
              <button {...named('copy-link')} type="button" class="button" onClick={() => actions.onCopyLink?.(report)}>
                {words.copyLink}
              </button>
            )}
          </div>
        </td>
      </tr>
    );
  }
}
