import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch } from '@/lib/background/router';
import { registerSitePermissionReturn } from '@/lib/background/site-permissions-held';
import { startOver } from '@/lib/background/start-work';
import { sitePermissionsHeld } from '@/lib/storage';
import { installFakePermissions } from './fake-permissions';

const SITE = ['http://localhost/*', 'https://localhost/*'];
const SERVICE = 'http://127.0.0.1/*';
const VIEW = 21;
const OTHER_VIEW = 22;

let granted: Set<string>;
const grantedNow = async () => (await fakeBrowser.permissions.getAll()).origins ?? [];

/** A report view in tab `tabId` sends a message, as the router hands it to the handlers. */
const fromView = (tabId: number | undefined, type: string, payload: unknown) => dispatch(createHandlers(), { type, payload }, { tabId });

/** A click in the view in `tabId` granted `origins`, and the view told the background it holds them. */
async function heldBy(tabId: number, origins = SITE) {
  origins.forEach((origin) => granted.add(origin));
  expect(await fromView(tabId, 'holdSitePermission', { origins })).toEqual({ ok: true, value: null });
}

const closeTab = (tabId: number) => fakeBrowser.tabs.onRemoved.trigger(tabId, { isWindowClosing: false, windowId: 1 });
const loadInTab = (tabId: number) => fakeBrowser.tabs.onUpdated.trigger(tabId, { status: 'loading' }, { id: tabId } as never);
/** Until the background's listeners (which run unawaited) are done. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(async () => {
  fakeBrowser.reset();
  granted = installFakePermissions();
  granted.add(SERVICE);
  // Both views are open, in tabs of their own.
  for (const id of [VIEW, OTHER_VIEW]) await fakeBrowser.tabs.create({ url: `chrome-extension://${fakeBrowser.runtime.id}/report.html?id=${id}` });
  Object.assign(fakeBrowser.tabs, { get: async (tabId: number) => ({ id: tabId }) });
  // A worker past its start: what it owes the start runs as it registers.
  startOver();
  registerSitePermissionReturn();
  await settled();
});

describe('a site permission a report view asked for in a click', () => {
  it('is given back when the report view is closed', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    await closeTab(VIEW);
    await settled();
    expect(await grantedNow()).toEqual(before);
    expect(await sitePermissionsHeld.read()).toEqual({});
  });

  it('is given back when the report view reloads or goes to another address', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    await loadInTab(VIEW);
    await settled();
    expect(await grantedNow()).toEqual(before);
  });

  it('is given back when the view says it is done with it', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    expect(await fromView(VIEW, 'giveBackSitePermission', {})).toEqual({ ok: true, value: null });
    expect(await grantedNow()).toEqual(before);
  });

  it('stays while another tab closes or loads, and while another view gives back its own', async () => {
    await heldBy(VIEW);
    const held = await grantedNow();
    await closeTab(5);
    await loadInTab(6);
    await fromView(OTHER_VIEW, 'giveBackSitePermission', {});
    await settled();
    expect(await grantedNow()).toEqual(held);
  });

  it('held by two views goes back only when both have gone', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    await heldBy(OTHER_VIEW, [SITE[0]!]);
    await closeTab(VIEW);
    await settled();
    expect(await grantedNow()).toEqual([...before, SITE[0]!].sort());
    await closeTab(OTHER_VIEW);
    await settled();
    expect(await grantedNow()).toEqual(before);
  });

  it('left held when the browser closed is given back when it starts again', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    await fakeBrowser.runtime.onStartup.trigger();
    await settled();
    expect(await grantedNow()).toEqual(before);
    expect(await sitePermissionsHeld.read()).toEqual({});
  });

  it('held by a view whose tab closed while the background could not hear it is given back when the worker starts', async () => {
    const before = await grantedNow();
    await heldBy(VIEW);
    Object.assign(fakeBrowser.tabs, { get: async (tabId: number) => (tabId === VIEW ? Promise.reject(new Error('No tab')) : { id: tabId }) });
    registerSitePermissionReturn();
    await settled();
    expect(await grantedNow()).toEqual(before);
  });

  it('asked for by a view in no tab, which nothing could watch going, is given back at once', async () => {
    const before = await grantedNow();
    SITE.forEach((origin) => granted.add(origin));
    await fromView(undefined, 'holdSitePermission', { origins: SITE });
    expect(await grantedNow()).toEqual(before);
  });
});

describe('what a view may have the background hold, and so later remove', () => {
  it.each([
    ['every site', ['<all_urls>']],
    ['every https site', ['https://*/*']],
    ['a pattern with a wildcard host', ['http://*.example.com/*']],
    ['a path, not a site', ['https://localhost/private/*']],
    ['more than a site’s two schemes', [...SITE, 'http://localhost.example/*']],
    ['nothing', []],
  ])('refuses %s', async (_name, origins) => {
    const reply = await fromView(VIEW, 'holdSitePermission', { origins });
    expect(reply.ok).toBe(false);
    expect(await sitePermissionsHeld.read()).toEqual({});
  });
});
