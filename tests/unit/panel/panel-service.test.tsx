import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelScreen } from '@/components/panel/PanelScreen';
import { createHandlers } from '@/lib/background/handlers';
import { dispatch } from '@/lib/background/router';
import { serviceInAddress } from '@/lib/shared/service-bounds';
import { sendForService } from '@/lib/pages/send-to-background';
import { originPattern } from '@/lib/shared/permission';
import { writeService } from '@/lib/storage';
import { choosePopupService } from '@/lib/background/popup-service';
import { startReportService, type RunningService } from '../../service/server';
import { startPageServer, type PageServer } from '../../service/test-pages';
import { installFakePermissions } from '../background/fake-permissions';
import { renderInto } from '../report/dom';

/** The panel is on the default service unless its address names another; what it frames and makes stays on that one. */

describe('the service the panel’s address names', () => {
  it.each([
    ['none', '', undefined],
    ['a service id', '?service=0f1e2d3c-aaaa-4bbb-8ccc-123456789abc', '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc'],
    ['an empty one', '?service=', undefined],
    ['one with characters no id has', '?service=a%2Fb', undefined],
    ['one longer than any id', `?service=${'a'.repeat(65)}`, undefined],
  ])('%s', (_what, search, service) => {
    expect(serviceInAddress(search)).toBe(service);
  });
});

const AGENCY_KEY = 'agency-key-0123456789abcdef';
const CLIENT_KEY = 'client-key-fedcba9876543210';
let agency: RunningService;
let client: RunningService;
let pages: PageServer;
beforeAll(async () => {
  agency = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@agency.example', apiKey: AGENCY_KEY, reportsPerMonth: -1 }] });
  client = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: CLIENT_KEY, reportsPerMonth: -1 }] });
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Home</title></head><body><h1>Home</h1></body></html>' } });
});
afterAll(async () => {
  await agency.close();
  await client.close();
  await pages.close();
});

let ids: { agency: string; client: string };
beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(agency.baseUrl));
  ids = {
    agency: (await writeService({ name: 'Agency', baseUrl: agency.baseUrl, apiKey: AGENCY_KEY, keyForSessionOnly: false })).id,
    client: (await writeService({ name: 'Client', baseUrl: client.baseUrl, apiKey: CLIENT_KEY, keyForSessionOnly: false })).id,
  };
  // The panel's messages reach the real handlers, as the worker's router hands them over; what the background tells the
  // pages reaches the page's listeners, as the browser hands it over.
  const handlers = createHandlers();
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((message: { type?: string }) =>
    message.type === 'stateChanged'
      ? fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, () => undefined)
      : dispatch(handlers, message)) as never);
});
afterEach(() => {
  sendForService(undefined);
  vi.restoreAllMocks();
});

/** The panel beside a tab on `url` (following the popup of `popupWindow`, if named), once it shows what it found. */
async function panelOn(url: string, popupWindow?: number) {
  const drawn = renderInto(<PanelScreen front={{ state: 'page', tabId: 7, url }} popupWindow={popupWindow} />);
  await vi.waitFor(() => expect(drawn.root.querySelector('[role="status"]:not(.panel__status), iframe')).not.toBeNull(), { timeout: 5000 });
  return drawn;
}
const framed = (root: HTMLElement) => new URL(root.querySelector('iframe')!.getAttribute('src')!, 'chrome-extension://x/');

describe('the panel on a service', () => {
  it('frames the default service’s latest report, its address naming no service', async () => {
    const url = pages.url('/?panel=default');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    const { root } = await panelOn(url);
    expect(framed(root).searchParams.get('id')).toBe(String(mine!.id));
    expect(framed(root).searchParams.has('service')).toBe(false);
  });

  it('frames the named service’s latest report, its address naming that service', async () => {
    const url = pages.url('/?panel=named');
    agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    sendForService(ids.client);
    const { root } = await panelOn(url);
    expect(framed(root).searchParams.get('id')).toBe(String(theirs!.id));
    expect(framed(root).searchParams.get('service')).toBe(ids.client);
    expect(framed(root).searchParams.get('tab')).toBe('7');
  });

  it('makes "Report this page" on the named service only, and frames it there', async () => {
    const url = pages.url('/?panel=make');
    const posts = (service: RunningService) => service.requestLog.filter((r) => r.method === 'POST').length;
    const before = { agency: posts(agency), client: posts(client) };
    sendForService(ids.client);
    const { root } = await panelOn(url);
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Report this page');
    button!.click();
    await vi.waitFor(() => expect(root.querySelector('iframe')).not.toBeNull(), { timeout: 20_000 });
    expect({ agency: posts(agency) - before.agency, client: posts(client) - before.client }).toEqual({ agency: 0, client: 1 });
    expect(framed(root).searchParams.get('service')).toBe(ids.client);
  });

  it('with no service in its address, follows its window’s popup: frames the service chosen there, and reports there', async () => {
    const url = pages.url('/?panel=window');
    agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    await choosePopupService(3, ids.client);
    const { root } = await panelOn(url, 3);
    expect(framed(root).searchParams.get('id')).toBe(String(theirs!.id));
    expect(framed(root).searchParams.get('service')).toBe(ids.client);

    const fresh = pages.url('/?panel=window-make');
    const posts = (service: RunningService) => service.requestLog.filter((r) => r.method === 'POST').length;
    const before = { agency: posts(agency), client: posts(client) };
    const other = await panelOn(fresh, 3);
    [...other.root.querySelectorAll('button')].find((b) => b.textContent === 'Report this page')!.click();
    await vi.waitFor(() => expect(other.root.querySelector('iframe')).not.toBeNull(), { timeout: 20_000 });
    expect({ agency: posts(agency) - before.agency, client: posts(client) - before.client }).toEqual({ agency: 0, client: 1 });
  });

  it('follows the default where its window chose none, whatever another window chose', async () => {
    const url = pages.url('/?panel=other-window');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    await choosePopupService(4, ids.client);
    const { root } = await panelOn(url, 3);
    expect(framed(root).searchParams.get('id')).toBe(String(mine!.id));
    expect(framed(root).searchParams.has('service')).toBe(false);
  });

  it('keeps the newest answer when an older one for the same page comes after it', async () => {
    const url = pages.url('/?panel=late-answer');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    // The first read of the page state is held until the second, on the service chosen since, is drawn.
    const handlers = createHandlers();
    let release: () => void = () => undefined;
    let held = false;
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((message: { type?: string }) => {
      if (message.type === 'stateChanged') return fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id }, () => undefined);
      const answer = dispatch(handlers, message);
      if (message.type !== 'getPageState' || held) return answer;
      held = true;
      return new Promise((resolve) => (release = () => resolve(answer)));
    }) as never);
    const drawn = renderInto(<PanelScreen front={{ state: 'page', tabId: 7, url }} popupWindow={3} />);
    await vi.waitFor(() => expect(held).toBe(true));
    await choosePopupService(3, ids.client);
    await vi.waitFor(() => expect(drawn.root.querySelector('iframe')).not.toBeNull(), { timeout: 5000 });
    expect(framed(drawn.root).searchParams.get('id')).toBe(String(theirs!.id));
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(framed(drawn.root).searchParams.get('id')).toBe(String(theirs!.id));
    expect(framed(drawn.root).searchParams.get('id')).not.toBe(String(mine!.id));
  });

  it('reads again when another service is chosen in its window’s popup', async () => {
    const url = pages.url('/?panel=switch');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    await choosePopupService(3, ids.client);
    const { root } = await panelOn(url, 3);
    expect(framed(root).searchParams.get('id')).toBe(String(theirs!.id));
    await choosePopupService(3, ids.agency);
    await vi.waitFor(() => expect(framed(root).searchParams.get('id')).toBe(String(mine!.id)), { timeout: 5000 });
    expect(framed(root).searchParams.has('service')).toBe(false);
  });

  it('opened beside from a page on another service than its window’s popup, frames that service from its first read', async () => {
    const url = pages.url('/?panel=opened-beside');
    agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    await dispatch(createHandlers(), { type: 'openedBeside', payload: { windowId: 3 }, service: ids.client });
    const { root } = await panelOn(url, 3);
    expect(framed(root).searchParams.get('id')).toBe(String(theirs!.id));
    expect(framed(root).searchParams.get('service')).toBe(ids.client);
  });

  it('open already, reads again and frames the service of a page that opens it beside', async () => {
    const url = pages.url('/?panel=open-already');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    const [theirs] = client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    const { root } = await panelOn(url, 3);
    expect(framed(root).searchParams.get('id')).toBe(String(mine!.id));
    await dispatch(createHandlers(), { type: 'openedBeside', payload: { windowId: 3 }, service: ids.client });
    await vi.waitFor(() => expect(framed(root).searchParams.get('id')).toBe(String(theirs!.id)), { timeout: 5000 });
    expect(framed(root).searchParams.get('service')).toBe(ids.client);
    // Opened from a page on the default, it is back there.
    await dispatch(createHandlers(), { type: 'openedBeside', payload: { windowId: 3 } });
    await vi.waitFor(() => expect(framed(root).searchParams.get('id')).toBe(String(mine!.id)), { timeout: 5000 });
    expect(framed(root).searchParams.has('service')).toBe(false);
  });

  it('keeps the service its address names whatever its window’s popup chose', async () => {
    const url = pages.url('/?panel=named-stays');
    const [mine] = agency.seedReports(AGENCY_KEY, [{ url, score: 40 }]);
    client.seedReports(CLIENT_KEY, [{ url, score: 90 }]);
    await choosePopupService(3, ids.client);
    sendForService(ids.agency);
    const { root } = await panelOn(url);
    expect(framed(root).searchParams.get('id')).toBe(String(mine!.id));
    expect(framed(root).searchParams.get('service')).toBe(ids.agency);
  });
});
