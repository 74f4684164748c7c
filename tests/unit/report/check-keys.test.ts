import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { CHECK_KEYS, checkKeyAction, isTyping, movedTo } from '@/lib/report/check-keys';

const { window, document } = parseHTML(
  '<!doctype html><html><body><input id="text"><input id="search" type="search"><input id="box" type="checkbox"><textarea id="area"></textarea><select id="pick"></select><div contenteditable="true"><span id="edit"></span></div><button id="button"></button><li id="check"></li></body></html>',
);
Object.assign(globalThis, { Element: window.Element, HTMLInputElement: window.HTMLInputElement });
const el = (id: string) => document.getElementById(id) as unknown as EventTarget;
const press = (key: string, target: EventTarget | null = el('check'), mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  target,
  ...mods,
});

describe('which key does what', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    ['n', 'nextFailed'],
    ['p', 'previousFailed'],
    ['s', 'showOnPage'],
    ['?', 'help'],
    ['.', 'nextFinding'],
    [',', 'previousFinding'],
    ['J', null],
    ['x', null],
    ['Enter', null],
  ])('%s → %s', (key, action) => {
    expect(checkKeyAction(press(key))).toBe(action);
  });

  it.each(['altKey', 'ctrlKey', 'metaKey'] as const)('does nothing with %s held: the browser keeps its own shortcuts', (mod) => {
    expect(checkKeyAction(press('j', el('check'), { [mod]: true }))).toBeNull();
  });

  it('lists every key once in the help', () => {
    expect(new Set(CHECK_KEYS.map((entry) => entry.key)).size).toBe(CHECK_KEYS.length);
  });
});

describe('never while typing', () => {
  it.each([
    ['a text field', 'text', true],
    ['a search field', 'search', true],
    ['a text area', 'area', true],
    ['a list', 'pick', true],
    ['an editable region', 'edit', true],
    ['a checkbox', 'box', false],
    ['a button', 'button', false],
    ['a check', 'check', false],
  ])('in %s: typing %s', (_what, id, typing) => {
    expect(isTyping(el(id))).toBe(typing);
    expect(checkKeyAction(press('j', el(id)))).toBe(typing ? null : 'next');
  });

  it('counts no target as not typing', () => {
    expect(isTyping(null)).toBe(false);
  });
});

describe('where a move lands', () => {
  const failed = [false, true, false, true, false];
  const isFailed = (i: number) => failed[i]!;
  const any = () => true;

  it.each([
    ['the first check, from none', -1, 1, any, 0],
    ['the last check, back from none', -1, -1, any, 4],
    ['the next check', 2, 1, any, 3],
    ['the previous check', 2, -1, any, 1],
    ['nowhere past the last', 4, 1, any, null],
    ['nowhere before the first', 0, -1, any, null],
    ['the first failed, from none', -1, 1, isFailed, 1],
    ['the next failed', 1, 1, isFailed, 3],
    ['the previous failed', 3, -1, isFailed, 1],
    ['the last failed, back from none', -1, -1, isFailed, 3],
    ['nowhere past the last failed', 3, 1, isFailed, null],
  ] as const)('%s', (_what, from, step, eligible, to) => {
    expect(movedTo(from, failed.length, step, eligible)).toBe(to);
  });

  it('lands nowhere in an empty list', () => {
    expect(movedTo(-1, 0, 1, () => true)).toBeNull();
  });
});
