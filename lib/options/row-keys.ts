/**
 * The reports manager's keys on its rows: ↓ and ↑ move to the next and previous row (its checkbox,
 * where Space selects), Enter opens the row's report, Delete asks to delete it (the row's own
 * delete dialog). Enter on a link or button keeps its own meaning.
 */

export type RowKeyAction = 'next' | 'previous' | 'open' | 'delete';

interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/** What a key pressed in a row asks for; `onControl`: the focus is on a link or button of the row. */
export function rowKeyAction(press: KeyPress, onControl: boolean): RowKeyAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return null;
  if (press.key === 'ArrowDown') return 'next';
  if (press.key === 'ArrowUp') return 'previous';
  if (press.key === 'Delete') return 'delete';
  if (press.key === 'Enter' && !onControl) return 'open';
  return null;
}

/** The table body's key handler: acts on the row the focus is in, through the row's own controls. */
export function onReportRowKey(event: KeyboardEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const row = target?.closest<HTMLTableRowElement>('tr.rm-row');
  if (!target || !row) return;
  const action = rowKeyAction(event, target.matches('a, button'));
  if (!action) return;
  event.preventDefault();
  if (action === 'open') return row.querySelector<HTMLAnchorElement>('.rm-actions a')?.click();
  if (action === 'delete') return row.querySelector<HTMLButtonElement>('.rm-actions .button--danger')?.click();
  const rows = [...(row.parentElement?.querySelectorAll<HTMLTableRowElement>('tr.rm-row') ?? [])];
  const next = rows[rows.indexOf(row) + (action === 'next' ? 1 : -1)];
  next?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
}
