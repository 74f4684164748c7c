/**
 * The report view's keys, as pure decisions: which key does what, never while the user types in a
 * field, and which check a move lands on. j/k: next and previous check; n/p: next and previous
 * failed check; s: "Show on page" for the focused check; . and ,: next and previous finding of
 * the check outlined on the page; ?: the list of keys.
 */

export type CheckKeyAction = 'next' | 'previous' | 'nextFailed' | 'previousFailed' | 'showOnPage' | 'help' | 'nextFinding' | 'previousFinding';

/** Every key, in the order the help lists them. */
export const CHECK_KEYS: ReadonlyArray<{ key: string; action: CheckKeyAction }> = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 'n', action: 'nextFailed' },
  { key: 'p', action: 'previousFailed' },
  { key: 's', action: 'showOnPage' },
  { key: '?', action: 'help' },
  { key: '.', action: 'nextFinding' },
  { key: ',', action: 'previousFinding' },
];

interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Whether a key pressed in `target` is typed into it: a text field, a list, an editable region. */
export function isTyping(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest('[contenteditable=""], [contenteditable="true"], textarea, select')) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(target.type);
}

/** What a key press asks for, or null: not one of the keys, a modifier held (the browser's own shortcuts), or typed into a field. */
export function checkKeyAction(press: KeyPress): CheckKeyAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || isTyping(press.target)) return null;
  return CHECK_KEYS.find((entry) => entry.key === press.key)?.action ?? null;
}

/**
 * The check a move lands on: `from` the focused one (-1: none yet), `step` forward or back, among
 * those `eligible` (all, or the failed ones). Null when there is none that way: the focus stays.
 */
export function movedTo(from: number, count: number, step: 1 | -1, eligible: (index: number) => boolean): number | null {
  let index = from < 0 && step < 0 ? count : from;
  for (;;) {
    index += step;
    if (index < 0 || index >= count) return null;
    if (eligible(index)) return index;
  }
}
