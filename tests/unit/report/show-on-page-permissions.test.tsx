import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch } from '@/lib/background/router';
import { registerSitePermissionReturn } from '@/lib/background/site-permissions-held';
import type { PageTargets } from '@/lib/report/page-targets';
import { useShowOnPage } from '@/lib/report/use-show-on-page';
import { installFakePermissions } from '../background/fake-permissions';
import { renderInto } from './dom';

/**
 * "Show on page" in a report view opened without the popup, with the background behind it:
 * the site permission asked for in the click is given back on every way out, and what the
 * extension held before the click stays. The browser is modelled as it behaves: a tab's
 * address is seen only with a host permission for it.
 */

const STORED = 'localhost:8080/shoes';
const PAGE = 'http://localhost:8080/shoes';
const SITE = ['http://localhost/*', 'https://localhost/*'];
const SERVICE = 'http://127.0.0.1/*';
const CHECK = 'image_keywords';
const TARGETS: PageTargets = { by: 'image', urls: ['/img/shoe.png'] };

let granted: Set<string>;
let viewTab: number;
let pageTab: number | undefined;
let script: () => Promise<unknown>;

const grantedNow = async () => (await fakeBrowser.permissions.getAll()).origins ?? [];
const patternOf = (url: string) => `${new URL(url).protocol}//${new URL(url).hostname}/*`;
/** A tab as the extension sees it: its address only where it holds the site. */
const seen = (tab: { id?: number; url?: string }) => ({ ...tab, url: tab.url && granted.has(patternOf(tab.url)) ? tab.url : undefined });

function openPageTab() {
  pageTab = 40;
  return { id: pageTab, url: PAGE };
}

function installBrowser() {
  Object.assign(fakeBrowser.tabs, {
    query: async () => (pageTab === undefined ? [] : [seen(openPageTab())]),
    get: async (tabId: number) =>
      tabId === pageTab ? seen(openPageTab()) : tabId === viewTab ? { id: viewTab } : Promise.reject(new Error('No tab')),
  });
  Object.assign(fakeBrowser, {
    scripting: {
      insertCSS: async () => undefined,
      removeCSS: async () => undefined,
      executeScript: async () => [{ result: await script() }],
    },
  });
  // The report view's messages reach the background's router, sent from the view's tab.
  Object.assign(fakeBrowser.runtime, {
    sendMessage: (message: unknown) => dispatch(createHandlers(), message, { tabId: viewTab }),
  });
}

type Hook = ReturnType<typeof useShowOnPage>;

async function openView() {
  let latest: Hook | undefined;
  function View() {
    latest = useShowOnPage(STORED, undefined);
    return <p>{latest.message?.text ?? ''}</p>;
  }
  const view = renderInto(<View />);
  const hook = () => latest!;
  await vi.waitFor(() => expect(hook().tab).not.toBeNull());
  return { view, hook };
}

/** Presses "Show on page" and waits until it has done what it does. */
async function press(hook: () => Hook) {
  const before = hook().shown;
  hook().toggle(CHECK, TARGETS, 'Image alt text');
  await vi.waitFor(() => expect(hook().busy === null && (hook().shown !== before || hook().message !== null)).toBe(true));
}

const closeTab = (tabId: number) => fakeBrowser.tabs.onRemoved.trigger(tabId, { isWindowClosing: false, windowId: 1 });
const loadInTab = (tabId: number) => fakeBrowser.tabs.onUpdated.trigger(tabId, { status: 'loading' }, { id: tabId } as never);

beforeAll(() => {
  options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
});

beforeEach(() => {
  fakeBrowser.reset();
  granted = installFakePermissions();
  granted.add(SERVICE);
  viewTab = 7;
  pageTab = undefined;
  script = async () => ({ found: 1, missing: 0 });
  installBrowser();
  registerSitePermissionReturn();
});

describe('a site permission asked for in the click on "Show on page"', () => {
  it('is given back when the page turns out not to be open in any tab', async () => {
    const before = await grantedNow();
    const { hook } = await openView();
    expect(hook().tab).toEqual({ state: 'ask', origins: SITE, host: 'localhost' });
    await press(hook);
    expect(hook().message?.text).toBe(`Open ${STORED} in a tab first: the outline is drawn in the page itself.`);
    await vi.waitFor(async () => expect(await grantedNow()).toEqual(before));
  });

  it('is given back when the outline fails in the tab', async () => {
    openPageTab();
    script = () => Promise.reject(new Error('Frame with ID 0 was removed.'));
    const before = await grantedNow();
    const { hook } = await openView();
    await press(hook);
    expect(hook().shown).toBeNull();
    expect(hook().message?.text).toMatch(/did not let the extension outline anything/);
    await vi.waitFor(async () => expect(await grantedNow()).toEqual(before));
  });

  it('is given back when a second press clears the outline', async () => {
    openPageTab();
    const before = await grantedNow();
    const { hook } = await openView();
    await press(hook);
    expect(hook().shown).toMatchObject({ key: CHECK, tabId: pageTab });
    expect(await grantedNow()).toEqual([...before, ...SITE].sort());
    await press(hook);
    expect(hook().shown).toBeNull();
    await vi.waitFor(async () => expect(await grantedNow()).toEqual(before));
  });

  it.each([
    ['the outlined tab is closed', () => closeTab(pageTab!)],
    ['the outlined tab loads another page', () => loadInTab(pageTab!)],
    ['the report view is closed', () => closeTab(viewTab)],
    ['the report view is reloaded', () => loadInTab(viewTab)],
  ])('is given back when %s while the outline is on', async (_way, wayOut) => {
    openPageTab();
    const before = await grantedNow();
    const { hook } = await openView();
    await press(hook);
    expect(await grantedNow()).toEqual([...before, ...SITE].sort());
    await wayOut();
    await vi.waitFor(async () => expect(await grantedNow()).toEqual(before));
  });

  it('is not asked for, nor given back, when refused', async () => {
    openPageTab();
    Object.assign(fakeBrowser.permissions, { request: async () => false });
    const before = await grantedNow();
    const { hook } = await openView();
    await press(hook);
    expect(hook().message?.text).toMatch(/^Access to localhost was not allowed/);
    expect(await grantedNow()).toEqual(before);
  });
});

describe('a site the extension held before the click', () => {
  it('stays when only one of its schemes was held: the click adds, and gives back, only the other', async () => {
    granted.add(SITE[1]!);
    const before = await grantedNow();
    const { hook } = await openView();
    expect(hook().tab).toEqual({ state: 'ask', origins: [SITE[0]], host: 'localhost' });
    openPageTab();
    await press(hook);
    expect(await grantedNow()).toEqual([...before, SITE[0]!].sort());
    await press(hook);
    await vi.waitFor(async () => expect(await grantedNow()).toEqual(before));
    expect(await grantedNow()).toContain(SITE[1]);
  });

  it('stays when it was granted after the view looked, before the click', async () => {
    openPageTab();
    const { hook } = await openView();
    expect(hook().tab).toEqual({ state: 'ask', origins: SITE, host: 'localhost' });
    // Granted elsewhere meanwhile (the browser's settings, another view): the click asks again, and the browser says yes at once.
    SITE.forEach((origin) => granted.add(origin));
    const before = await grantedNow();
    await press(hook);
    expect(hook().shown).toMatchObject({ key: CHECK });
    await press(hook);
    closeTab(viewTab);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await grantedNow()).toEqual(before);
  });

  it('stays when the view needed to ask for nothing', async () => {
    openPageTab();
    SITE.forEach((origin) => granted.add(origin));
    const before = await grantedNow();
    const { hook } = await openView();
    expect(hook().tab).toEqual({ state: 'ready', tabId: pageTab });
    await press(hook);
    expect(hook().shown).toMatchObject({ key: CHECK });
    await press(hook);
    closeTab(viewTab);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await grantedNow()).toEqual(before);
  });
});
