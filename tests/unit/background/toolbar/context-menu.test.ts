import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { waitForJob } from '@/lib/background/report-jobs';
import {
  MENU_OPEN_BESIDE,
  MENU_REPORT_LINK,
  MENU_REPORT_PAGE,
  MENU_REPORT_TABS,
  registerContextMenu,
  syncMenus,
} from '@/lib/background/toolbar/context-menu';
import { startOver } from '@/lib/background/start-work';
import { writeConnection, writePreferences } from '@/lib/storage';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { apiCalls, connect, startWorld, type ServiceWorld } from './service-setup';

let world: ServiceWorld;
beforeAll(async () => void (world = await startWorld()));
afterAll(() => world.close());

let apis: FakeToolbarApis;
beforeEach(() => {
  fakeBrowser.reset();
  apis = installFakeToolbarApis();
  // A worker past its start: the menus are built as it registers.
  startOver();
});

const menuIds = () => [...apis.menuItems.keys()].sort();
const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());
const click = (info: Partial<Browser.contextMenus.OnClickData>, tab?: Browser.tabs.Tab) =>
  apis.menuClicked.trigger({ editable: false, menuItemId: MENU_REPORT_PAGE, ...info }, tab);

describe('the right-click menu follows the connection', () => {
  it('is absent until the extension is connected, then offers a page item and a link item for web addresses only, and every tab on the icon', async () => {
    registerContextMenu();
    await syncMenus();
    expect(menuIds()).toEqual([]);

    await connect(world, apis);
    await vi.waitFor(() => expect(menuIds()).toEqual([MENU_OPEN_BESIDE, MENU_REPORT_LINK, MENU_REPORT_PAGE, MENU_REPORT_TABS]));
    expect(apis.menuItems.get(MENU_REPORT_TABS)).toMatchObject({ title: 'Report all tabs in this window', contexts: ['action'] });
    const web = ['http://*/*', 'https://*/*'];
    expect(apis.menuItems.get(MENU_REPORT_PAGE)).toMatchObject({ title: 'Report this page', contexts: ['page'], documentUrlPatterns: web });
    expect(apis.menuItems.get(MENU_REPORT_LINK)).toMatchObject({ title: 'Report this link', contexts: ['link'], targetUrlPatterns: web });
    expect(apis.menuItems.get(MENU_OPEN_BESIDE)).toMatchObject({
      title: 'Show the audit beside the page',
      contexts: ['page'],
      documentUrlPatterns: web,
    });
  });

  it('goes away when the key is forgotten, and comes back with a new one', async () => {
    await connect(world, apis);
    registerContextMenu();
    await vi.waitFor(() => expect(menuIds()).toHaveLength(4));

    await writeConnection({ baseUrl: world.service.baseUrl, apiKey: '' });
    await vi.waitFor(() => expect(menuIds()).toEqual([]));
    await writeConnection({ baseUrl: world.service.baseUrl, apiKey: world.key });
    await vi.waitFor(() => expect(menuIds()).toHaveLength(4));
  });

  it('is rebuilt without duplicates when the extension is installed or updated', async () => {
    await connect(world, apis);
    registerContextMenu();
    await syncMenus();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' } as Browser.runtime.InstalledDetails);
    await syncMenus();
    expect(menuIds()).toEqual([MENU_OPEN_BESIDE, MENU_REPORT_LINK, MENU_REPORT_PAGE, MENU_REPORT_TABS]);
  });
});

describe('reporting from the right-click menu', () => {
  beforeEach(async () => {
    await connect(world, apis);
    registerContextMenu();
  });

  it('reports the page, owned by the background, and tells the score in a notification that opens the report', async () => {
    const page = world.pages.url('/');
    await click({ menuItemId: MENU_REPORT_PAGE, pageUrl: page }, { id: 7, url: page } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));

    const { reports } = await world.api.listReports({ search: new URL(page).host });
    expect(reports).toHaveLength(1);
    const made = reports[0]!;
    expect(notifications()[0]).toMatchObject({
      title: 'Report created',
      message: expect.stringMatching(new RegExp(`^Score ${made.score} – (Good|Decent|Bad) · ${made.url.replace(/[.]/g, '\\.')}$`)),
    });
    // A popup opened on the page later finds the same outcome.
    expect(await waitForJob(null, page)).toMatchObject({ state: 'done', report: { id: made.id } });
  });

  it('reports a page still loading its first address by that pending address when the click carries no page address', async () => {
    const page = `${world.pages.url('/blog')}?from=pending`;
    await click({ menuItemId: MENU_REPORT_PAGE }, { id: 7, pendingUrl: page } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));
    expect(notifications()[0]).toMatchObject({ title: 'Report created' });
    const { reports } = await world.api.listReports({ search: `${new URL(page).host}/blog?from=pending` });
    expect(reports).toHaveLength(1);
  });

  it('reports the link’s target, not the page it sits on', async () => {
    const target = world.pages.url('/pricing');
    await click({ menuItemId: MENU_REPORT_LINK, pageUrl: world.pages.url('/'), linkUrl: target });
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));
    const { reports } = await world.api.listReports({ search: `${new URL(target).host}/pricing` });
    expect(reports.map((r) => r.url)).toEqual([`${new URL(target).host}/pricing`]);
  });

  it.each([
    { defaultPrivacy: 0, created: 0 },
    { defaultPrivacy: 1, created: 1 },
    { defaultPrivacy: 2, created: 1 },
  ] as const)('with default privacy $defaultPrivacy the report is created with privacy $created', async ({ defaultPrivacy, created }) => {
    await writePreferences({ defaultPrivacy });
    const page = `${world.pages.url('/blog')}?privacy=${defaultPrivacy}`;
    await click({ menuItemId: MENU_REPORT_PAGE, pageUrl: page });
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));
    const job = await waitForJob(null, page);
    expect(job?.state === 'done' && job.report.privacy).toBe(created);
  });

  it('says why a page cannot be reported, without asking the service', async () => {
    const before = apiCalls(world, 'POST', '/api/v1/reports');
    await click({ menuItemId: MENU_REPORT_PAGE, pageUrl: 'file:///home/ada/notes.html' });
    await vi.waitFor(() => expect(notifications()).toHaveLength(1));
    expect(notifications()[0]).toMatchObject({ title: "This page can't be reported", message: expect.stringContaining('file on your computer') });
    expect(apiCalls(world, 'POST', '/api/v1/reports')).toBe(before);
  });

  it('ignores clicks on menu items that are not its own', async () => {
    await click({ menuItemId: 'another-extension-item', pageUrl: world.pages.url('/') });
    expect(notifications()).toHaveLength(0);
  });
});
