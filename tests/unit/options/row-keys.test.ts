import { describe, expect, it } from 'vitest';
import { rowKeyAction } from '@/lib/options/row-keys';

const press = (key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe("the reports manager's row keys", () => {
  it.each([
    ['ArrowDown', false, 'next'],
    ['ArrowUp', false, 'previous'],
    ['Delete', false, 'delete'],
    ['Delete', true, 'delete'],
    ['Enter', false, 'open'],
    ['Enter', true, null],
    [' ', false, null],
    ['Backspace', false, null],
    ['j', false, null],
  ] as const)('%s (on a link or button: %s) → %s', (key, onControl, action) => {
    expect(rowKeyAction(press(key), onControl)).toBe(action);
  });

  it.each(['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const)('does nothing with %s held', (mod) => {
    expect(rowKeyAction(press('ArrowDown', { [mod]: true }), false)).toBeNull();
    expect(rowKeyAction(press('Delete', { [mod]: true }), false)).toBeNull();
  });
});
