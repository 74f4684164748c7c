import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MENU_REPORT_LINK, MENU_REPORT_PAGE, registerContextMenu } from '@/lib/background/toolbar/context-menu';
import { startOver } from '@/lib/background/start-work';
import { removeService, writeService } from '@/lib/storage';
import { createReportsApi } from '@/lib/api';
import { startReportService, type RunningService } from '../../../service/server';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { connect, startWorld, type ServiceWorld } from './service-setup';

/** "Report this page on → A / B" when there are several services; the single item as before when there is one. */

const OTHER_KEY = 'other-key-0123456789abc';
let world: ServiceWorld;
let other: RunningService;
beforeAll(async () => {
  world = await startWorld();
  other = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: OTHER_KEY, reportsPerMonth: -1 }] });
});
afterAll(async () => {
  await world.close();
  await other.close();
});

let apis: FakeToolbarApis;
let otherId: string;
beforeEach(async () => {
  fakeBrowser.reset();
  apis = installFakeToolbarApis();
  startOver();
  await connect(world, apis);
  otherId = (await writeService({ name: 'Client', baseUrl: other.baseUrl, apiKey: OTHER_KEY, keyForSessionOnly: false })).id;
  registerContextMenu();
});

const items = () => [...apis.menuItems.values()];
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

describe('the right-click menu with several services', () => {
  it('offers "Report this page on" with one item per service, and the single item again once one is removed', async () => {
    await vi.waitFor(() => expect(items().filter((item) => item.parentId === MENU_REPORT_PAGE)).toHaveLength(2));
    expect(apis.menuItems.get(MENU_REPORT_PAGE)).toMatchObject({ title: 'Report this page on' });
    expect(apis.menuItems.get(MENU_REPORT_LINK)).toMatchObject({ title: 'Report this link on' });
    expect(
      items()
        .filter((item) => item.parentId === MENU_REPORT_PAGE)
        .map((item) => item.title),
    ).toEqual([new URL(world.service.baseUrl).host, 'Client']);

    await removeService(otherId);
    await vi.waitFor(() => expect(apis.menuItems.get(MENU_REPORT_PAGE)).toMatchObject({ title: 'Report this page' }));
    expect(items().filter((item) => item.parentId !== undefined)).toEqual([]);
  });

  it('reports the page to the service chosen, and only there', async () => {
    await vi.waitFor(() => expect(apis.menuItems.has(`${MENU_REPORT_PAGE}@${otherId}`)).toBe(true));
    const page = `${world.pages.url('/blog')}?menu=other`;
    apis.menuClicked.trigger({ editable: false, menuItemId: `${MENU_REPORT_PAGE}@${otherId}`, pageUrl: page }, {
      id: 4,
      url: page,
    } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(notifications()).toHaveLength(1), { timeout: 10_000 });
    const search = page.replace(/^https?:\/\//, '');
    expect((await createReportsApi({ baseUrl: other.baseUrl, apiKey: OTHER_KEY }).listReports({ search })).reports).toHaveLength(1);
    expect((await world.api.listReports({ search })).reports).toHaveLength(0);
    expect(JSON.stringify(world.service.requestLog)).not.toContain(OTHER_KEY);
    expect(JSON.stringify(other.requestLog)).not.toContain(world.key);
  });
});
