interface Props {
  count: number;
  locked: boolean;
  onClear: () => void;
  onDelete: () => void;
}

/**
 * Always in place (no layout jump when the first row is chosen), so the
 * focus has somewhere to return to when the bulk delete dialog closes.
 */
export function SelectionBar({ count, locked, onClear, onDelete }: Props) {
  const none = count === 0 || locked;
  return (
    <div class="rm-selection" role="group" aria-label="Selected reports">
      <span class="rm-selection__count">{count === 0 ? 'None selected' : `${count} selected`}</span>
      <button type="button" class="button" aria-disabled={none} onClick={() => !none && onClear()}>
        Clear selection
      </button>
      <button type="button" class="button button--danger" aria-disabled={none} onClick={() => !none && onDelete()}>
        Delete selected
      </button>
    </div>
  );
}
