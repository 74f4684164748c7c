import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { COMMAND_REPORT_PAGE, registerShortcuts } from '@/lib/background/toolbar/shortcuts';
import { registerNotifications } from '@/lib/background/toolbar/notifications';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { apiCalls, connect, startWorld, type ServiceWorld } from './service-setup';

let world: ServiceWorld;
beforeAll(async () => void (world = await startWorld()));
afterAll(() => world.close());

let apis: FakeToolbarApis;
beforeEach(() => {
  fakeBrowser.reset();
  apis = installFakeToolbarApis();
  registerNotifications();
  registerShortcuts();
});

const notifications = () => fakeBrowser.notifications.getAllCreateOptions();
const reportsOf = async (url: string) => (await world.api.listReports({ search: url.replace(/^https?:\/\//, '') })).reports;

describe('the "report the current page" shortcut', () => {
  it('reports the tab it was pressed in without the popup, and tells the outcome in a notification', async () => {
    await connect(world, apis);
    const page = `${world.pages.url('/blog')}?from=shortcut`;
    await apis.command.trigger(COMMAND_REPORT_PAGE, { id: 3, url: page } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(Object.keys(notifications())).toHaveLength(1));
    const [made] = await reportsOf(page);
    expect(Object.values(notifications())[0]).toMatchObject({ title: 'Report created', message: expect.stringContaining(`Score ${made!.score} – `) });
  });

  it('reports a tab still loading its first address by that pending address', async () => {
    await connect(world, apis);
    const page = `${world.pages.url('/blog')}?from=pending`;
    await apis.command.trigger(COMMAND_REPORT_PAGE, { id: 3, pendingUrl: page } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(Object.keys(notifications())).toHaveLength(1));
    expect(Object.values(notifications())[0]).toMatchObject({ title: 'Report created' });
    expect(await reportsOf(page)).toHaveLength(1);
  });

  it('falls back to the active tab when the browser hands over none', async () => {
    await connect(world, apis);
    const page = `${world.pages.url('/pricing')}?from=active-tab`;
    const window = await fakeBrowser.windows.create({ focused: true });
    await fakeBrowser.tabs.create({ url: page, active: true, windowId: window?.id });
    await apis.command.trigger(COMMAND_REPORT_PAGE, undefined);
    await vi.waitFor(() => expect(Object.keys(notifications())).toHaveLength(1));
    expect(await reportsOf(page)).toHaveLength(1);
  });

  it('when not connected, says so and a click on the notification opens the options', async () => {
    const before = apiCalls(world, 'POST', '/api/v1/reports');
    await apis.command.trigger(COMMAND_REPORT_PAGE, { id: 3, url: world.pages.url('/') } as Browser.tabs.Tab);
    await vi.waitFor(() => expect(Object.keys(notifications())).toHaveLength(1));
    const [[id, shown]] = Object.entries(notifications()) as [[string, Browser.notifications.NotificationCreateOptions]];
    expect(shown.message).toContain('not connected');
    expect(apiCalls(world, 'POST', '/api/v1/reports')).toBe(before);

    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(() => expect(apis.optionsOpened()).toBe(1));
  });

  it('ignores commands that are not its own', async () => {
    await connect(world, apis);
    await apis.command.trigger('something-else', { id: 3, url: world.pages.url('/') } as Browser.tabs.Tab);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notifications()).toEqual({});
  });
});
