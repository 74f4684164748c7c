import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { WINDOW_CHOICES_MAX } from '@/lib/background/popup-service';
import { registerPopupCache } from '@/lib/background/popup-cache';
import { keptFor, POPUP_SERVICE_ITEM, readKeptForPopup } from '@/lib/shared/kept-for-popup';
import { dispatch, type Handlers } from '@/lib/background/router';
import type { PageState } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { besideServiceByWindow, popupPages, popupServiceByWindow, removeService, writeService } from '@/lib/storage';
import { openBesideTab } from '@/lib/background/toolbar/open-beside';
import { startReportService, type RunningService } from '../../service/server';
import { installFakePermissions } from './fake-permissions';

/** The service each window's popup reports to: the default until chosen there, then that one for that window only. */

const AGENCY_KEY = 'agency-key-0123456789abcdef';
const CLIENT_KEY = 'client-key-fedcba9876543210';
const PAGE = 'https://client.example/pricing';
let agency: RunningService;
let client: RunningService;

beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  agency.seedReports(AGENCY_KEY, [{ url: PAGE, score: 40 }]);
  client.seedReports(CLIENT_KEY, [
    { url: PAGE, score: 71 },
    { url: PAGE, score: 72 },
  ]);
});
afterAll(async () => {
  await agency.close();
  await client.close();
});

let handlers: Handlers;
let ids: { agency: string; client: string };
beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(agency.baseUrl));
  handlers = createHandlers();
  ids = {
    agency: (await writeService({ name: 'Agency', baseUrl: agency.baseUrl, apiKey: AGENCY_KEY, keyForSessionOnly: false })).id,
    client: (await writeService({ name: 'Client', baseUrl: client.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: false })).id,
  };
});

afterEach(() => vi.restoreAllMocks());

async function send<T>(type: string, payload: object, service?: string): Promise<T> {
  const reply = await dispatch(handlers, { type, payload, ...(service ? { service } : {}) });
  if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
  return reply.value as T;
}

const pageState = (windowId?: number, service?: string) => send<PageState>('getPageState', { url: PAGE, windowId }, service);

describe('the service of a window’s popup', () => {
  it('is the default until chosen, and names every service for the header', async () => {
    const state = await pageState(1);
    expect(state.settings.popupServices).toEqual({
      list: [
        { id: ids.agency, name: 'Agency' },
        { id: ids.client, name: 'Client' },
      ],
      chosen: ids.agency,
    });
    expect(state.reports.map((report) => report.score)).toEqual([40]);
  });

  it('is the one chosen in that window, and in that window only', async () => {
    await send('choosePopupService', { windowId: 1, service: ids.client });
    const chosen = await pageState(1);
    expect(chosen.settings.popupServices?.chosen).toBe(ids.client);
    expect(chosen.settings.baseUrl).toBe(client.baseUrl);
    expect(chosen.reports).toHaveLength(2);
    expect((await pageState(2)).settings.popupServices?.chosen).toBe(ids.agency);
  });

  it('gives way to a service the message names', async () => {
    await send('choosePopupService', { windowId: 1, service: ids.client });
    const named = await pageState(1, ids.agency);
    expect(named.settings.popupServices?.chosen).toBe(ids.agency);
    expect(named.reports.map((report) => report.score)).toEqual([40]);
  });

  it('reads the window’s choice and the default’s settings in the same round of storage reads', async () => {
    // Every answer held until released: what is asked meanwhile is asked without waiting on another answer.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    for (const area of ['local', 'session'] as const) {
      const get = fakeBrowser.storage[area].get.bind(fakeBrowser.storage[area]);
      vi.spyOn(fakeBrowser.storage[area], 'get').mockImplementation(async (keys?: unknown) => {
        asked.push(`${area} ${JSON.stringify(keys)}`);
        await held;
        return get(keys as never);
      });
    }
    const state = pageState(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(expect.arrayContaining([`session "${POPUP_SERVICE_ITEM}"`, 'local "preferences"']));
    release();
    expect((await state).settings.popupServices?.chosen).toBe(ids.agency);
  });

  it('falls back to the default once the chosen service is removed', async () => {
    await send('choosePopupService', { windowId: 1, service: ids.client });
    await removeService(ids.client);
    const state = await pageState(1);
    // One service left: no switch to show.
    expect(state.settings.popupServices).toBeUndefined();
    expect(state.settings.baseUrl).toBe(agency.baseUrl);
  });

  it('refuses a service that is not in the list', async () => {
    await expect(send('choosePopupService', { windowId: 1, service: 'no-such-service' })).rejects.toThrow(/removed/);
    expect(await popupServiceByWindow.read()).toEqual({});
  });

  it('keeps the choices of the latest windows only', async () => {
    for (let windowId = 1; windowId <= WINDOW_CHOICES_MAX + 5; windowId += 1) {
      await send('choosePopupService', { windowId, service: ids.client });
    }
    const choices = await popupServiceByWindow.read();
    expect(Object.keys(choices)).toHaveLength(WINDOW_CHOICES_MAX);
    expect(choices['1']).toBeUndefined();
    expect(choices[String(WINDOW_CHOICES_MAX + 5)]).toBe(ids.client);
  });

  it('keeps each service’s copy of a page apart, and a window’s popup draws its own service’s only', async () => {
    await pageState(1);
    await send('choosePopupService', { windowId: 2, service: ids.client });
    await pageState(2);
    await expect.poll(async () => (await popupPages.read()).length).toBe(2);
    const items = await readKeptForPopup();
    const drawn = (windowId?: number) => {
      const { cached } = keptFor(items, PAGE, windowId);
      return cached && { service: cached.settings.popupServices?.chosen, scores: cached.reports.map((report) => report.score).sort() };
    };
    expect(drawn(1)).toEqual({ service: ids.agency, scores: [40] });
    expect(drawn(2)).toEqual({ service: ids.client, scores: [71, 72] });
    // A window that chose nothing, or a popup that knows no window, is on the default.
    expect(drawn(3)).toEqual({ service: ids.agency, scores: [40] });
    expect(drawn()).toEqual({ service: ids.agency, scores: [40] });
  });

  it('draws nothing kept when its service has no copy of the page: never another service’s', async () => {
    await send('choosePopupService', { windowId: 2, service: ids.client });
    await pageState(2);
    await expect.poll(async () => (await popupPages.read()).length).toBe(1);
    // Only the client's copy is kept: the default's popups find nothing to draw.
    expect(keptFor(await readKeptForPopup(), PAGE, 1).cached).toBeNull();
    expect(keptFor(await readKeptForPopup(), PAGE).cached).toBeNull();

    await popupPages.write([]);
    await pageState(1);
    await expect.poll(async () => (await popupPages.read()).length).toBe(1);
    expect(keptFor(await readKeptForPopup(), PAGE, 2).cached).toBeNull();
    // Chosen since in window 1: the default's copy is no longer that window's to draw.
    await send('choosePopupService', { windowId: 1, service: ids.client });
    expect(keptFor(await readKeptForPopup(), PAGE, 1).cached).toBeNull();
  });

  it('keeps one copy per service and page, and forgets them all when the services change', async () => {
    await pageState(1);
    await pageState(1);
    await expect.poll(async () => (await popupPages.read()).map((page) => page.settings.popupServices?.chosen)).toEqual([ids.agency]);
    registerPopupCache();
    await removeService(ids.client);
    await expect.poll(async () => (await popupPages.read()).length).toBe(0);
    await pageState(1);
    await expect.poll(async () => (await popupPages.read()).map((page) => page.url)).toEqual([PAGE]);
  });
});

describe('the service of a window’s panel beside the page', () => {
  const panelState = (windowId: number) => send<PageState>('getPageState', { url: PAGE, windowId, beside: true });
  const told: unknown[] = [];
  beforeEach(() => {
    told.length = 0;
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: unknown) => void told.push(message)) as never);
  });

  it('is the service of the page that opened it there, in that window only, and the popup keeps its own', async () => {
    await send('openedBeside', { windowId: 1 }, ids.client);
    const beside = await panelState(1);
    expect(beside.settings.popupServices).toMatchObject({ chosen: ids.client, named: ids.client });
    expect(beside.reports.map((report) => report.score).sort()).toEqual([71, 72]);
    expect(told).toContainEqual({ type: 'stateChanged', change: 'popupService' });
    expect((await pageState(1)).settings.popupServices?.chosen).toBe(ids.agency);
    expect((await panelState(2)).settings.popupServices?.chosen).toBe(ids.agency);
  });

  it('is that service for a panel that asks while the page’s word is still being kept', async () => {
    // The page tells the background, then opens the panel, whose first read can arrive before the word is written.
    const told = send('openedBeside', { windowId: 1 }, ids.client);
    const beside = await panelState(1);
    expect(beside.settings.popupServices).toMatchObject({ chosen: ids.client, named: ids.client });
    await told;
  });

  it('is the default when a page on the default opened it, whatever the window’s popup chose', async () => {
    await send('choosePopupService', { windowId: 1, service: ids.client });
    expect((await panelState(1)).settings.popupServices?.chosen).toBe(ids.client);
    await send('openedBeside', { windowId: 1 });
    const beside = await panelState(1);
    expect(beside.settings.popupServices?.chosen).toBe(ids.agency);
    expect(beside.reports.map((report) => report.score)).toEqual([40]);
  });

  it('stays the popup’s when the page names a service not in the list, with no error', async () => {
    await send('choosePopupService', { windowId: 1, service: ids.client });
    await expect(send('openedBeside', { windowId: 1 }, 'no-such-service')).resolves.toBeNull();
    expect((await panelState(1)).settings.popupServices?.chosen).toBe(ids.client);
  });

  it('follows the popup again once another service is chosen there, or the service kept is removed', async () => {
    await send('openedBeside', { windowId: 1 }, ids.client);
    await send('choosePopupService', { windowId: 1, service: ids.agency });
    expect((await panelState(1)).settings.popupServices?.chosen).toBe(ids.agency);

    await send('openedBeside', { windowId: 1 }, ids.client);
    await removeService(ids.client);
    expect((await panelState(1)).settings.baseUrl).toBe(agency.baseUrl);
  });

  it('follows the popup again when opened from the menu or the keyboard, which name no service', async () => {
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { open } });
    try {
      await send('openedBeside', { windowId: 1 }, ids.client);
      told.length = 0;
      await openBesideTab({ windowId: 1 } as Browser.tabs.Tab);
      expect(open).toHaveBeenCalledWith({ windowId: 1 });
      expect((await panelState(1)).settings.popupServices?.chosen).toBe(ids.agency);
      // The panel open there reads again.
      expect(told).toContainEqual({ type: 'stateChanged', change: 'popupService' });
    } finally {
      Reflect.deleteProperty(fakeBrowser, 'sidePanel');
    }
  });

  it('keeps the panels of the latest windows only', async () => {
    for (let windowId = 1; windowId <= WINDOW_CHOICES_MAX + 5; windowId += 1) {
      await send('openedBeside', { windowId }, ids.client);
    }
    const kept = await besideServiceByWindow.read();
    expect(Object.keys(kept)).toHaveLength(WINDOW_CHOICES_MAX);
    expect(kept['1']).toBeUndefined();
  });
});
