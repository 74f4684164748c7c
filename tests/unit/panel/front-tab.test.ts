import { describe, expect, it } from 'vitest';
import type { Browser } from 'wxt/browser';
import { changesFront, frontTabOf, type FrontTab } from '@/lib/panel/use-front-tab';

const tab = (over: Partial<Browser.tabs.Tab>) => ({ index: 0, active: true, windowId: 1, ...over }) as Browser.tabs.Tab;

describe('the tab in front, as the panel sees it', () => {
  it.each([
    ['no tab', undefined, { state: 'none' }],
    ['a tab without an id', tab({}), { state: 'none' }],
    ['a tab whose address the extension may not read', tab({ id: 4 }), { state: 'hidden', tabId: 4 }],
    ['a tab with its address', tab({ id: 4, url: 'https://example.com/' }), { state: 'page', tabId: 4, url: 'https://example.com/' }],
  ] as const)('%s', (_what, given, front) => {
    expect(frontTabOf(given)).toEqual(front);
  });
});

describe('which updates change what the panel shows', () => {
  const page: FrontTab = { state: 'page', tabId: 4, url: 'https://example.com/' };
  it.each([
    ['a new address in the tab', page, 4, { url: 'https://example.com/next' }, true],
    ['the page done loading', page, 4, { status: 'complete' }, true],
    ['the page starting to load', page, 4, { status: 'loading' }, false],
    ['its title only', page, 4, { title: 'Next' }, false],
    ['another tab', page, 5, { url: 'https://example.org/' }, false],
    ['a hidden tab done loading', { state: 'hidden', tabId: 4 } as FrontTab, 4, { status: 'complete' }, true],
    ['no tab in front yet', { state: 'finding' } as FrontTab, 4, { status: 'complete' }, false],
  ] as const)('%s: %s', (_what, front, tabId, change, changes) => {
    expect(changesFront(front, tabId, change as Browser.tabs.OnUpdatedInfo)).toBe(changes);
  });
});
