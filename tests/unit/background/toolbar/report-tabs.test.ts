import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Browser } from 'wxt/browser';
import { tabsPlan } from '@/lib/background/toolbar/report-tabs';
import { installFakePermissions } from '../fake-permissions';

/** "Report all tabs" over a window whose tabs were just opened: some are still loading their first page. */
const tab = (id: number, address: { url?: string; pendingUrl?: string }, incognito = false) =>
  ({ id, index: id, windowId: 7, active: id === 1, incognito, ...address }) as unknown as Browser.tabs.Tab;

beforeEach(() => {
  fakeBrowser.reset();
  installFakePermissions();
});

describe('the tabs "Report all tabs" counts', () => {
  it('count a tab still loading its first page by the address it is loading', async () => {
    const tabs = [
      tab(1, { url: 'https://shop.example/a' }),
      tab(2, { url: '', pendingUrl: 'https://shop.example/b' }),
      tab(3, { pendingUrl: 'https://shop.example/c' }),
      tab(4, { url: 'chrome://newtab/' }),
      tab(5, { url: '', pendingUrl: 'https://private.example/' }, true),
    ];
    // The fake browser's tabs have no pending address: the window's tabs as Chrome lists them while they load.
    fakeBrowser.tabs.query = (async () => tabs) as typeof fakeBrowser.tabs.query;
    expect(await tabsPlan(7)).toMatchObject({ reportable: 3 });
  });
});
