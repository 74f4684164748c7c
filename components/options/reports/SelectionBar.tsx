import type { ComponentChildren } from 'preact';
import { bulkButtonText, reportsCount } from '@/lib/shared/run-text';
import type { BulkChoice } from '@/lib/options/use-report-actions';
import { t, tn } from '@/lib/shared/i18n';

interface Props {
  count: number;
  /** Every report of the filters is chosen, not only rows. */
  matching: boolean;
  /** How many reports the filters match, when more than are chosen: offered as "Select all N matching". */
  matchingTotal: number | null;
  onClear: () => void;
  onSelectMatching: () => void;
  onAction: (choice: BulkChoice) => void;
  /** More actions on the chosen reports, before the bulk ones. */
  children?: ComponentChildren;
}

const CHOICES: BulkChoice[] = ['regenerate', 'public', 'private', 'delete'];

/**
 * Always in place (no layout jump when the first row is chosen), so the
 * focus has somewhere to return to when a bulk action's dialog closes.
 */
export function SelectionBar({ count, matching, matchingTotal, onClear, onSelectMatching, onAction, children }: Props) {
  const none = count === 0;
  return (
    <div class="rm-selection" role="group" aria-label={t('rmSelected')}>
      <span class="rm-selection__count" role="status">
        {none ? t('rmNoneSelected') : matching ? t('rmAllMatchingSelected', { reports: reportsCount(count) }) : tn('rmCountSelected', count)}
      </span>
      {!matching && matchingTotal !== null && count > 0 && (
        <button type="button" class="button" onClick={onSelectMatching}>
          {t('rmSelectMatching', { reports: reportsCount(matchingTotal) })}
        </button>
      )}
      <button type="button" class="button" aria-disabled={none} onClick={() => !none && onClear()}>
        {t('rmClearSelection')}
      </button>
      {children}
      {CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          class={choice === 'delete' ? 'button button--danger' : 'button'}
          aria-disabled={none}
          onClick={() => !none && onAction(choice)}
        >
          {bulkButtonText(choice)}
        </button>
      ))}
    </div>
  );
}
