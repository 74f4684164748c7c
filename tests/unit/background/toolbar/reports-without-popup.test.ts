import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';
import { apiCalls, connect, startWorld, type ServiceWorld } from './service-setup';

/** Reports made from the menu or a shortcut when the worker or the service is not there to see them through. */

let world: ServiceWorld;
beforeAll(async () => void (world = await startWorld()));
afterAll(() => world.close());

let apis: FakeToolbarApis;
beforeEach(async () => {
  fakeBrowser.reset();
  apis = installFakeToolbarApis();
  await connect(world, apis);
});

/** The worker as the browser starts it: fresh module state, the same storage, its listeners registered. */
async function startedWorker() {
  vi.resetModules();
  const feature = await import('@/lib/background/toolbar/report-without-popup');
  const notifications = await import('@/lib/background/toolbar/notifications');
  notifications.registerNotifications();
  feature.registerReportsWithoutPopup();
  (await import('@/lib/background/start-work')).startOver();
  return feature;
}
const shown = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

describe('a menu report whose worker the browser stopped mid-audit', () => {
  it('is settled when the worker starts again, and its notification is still sent', async () => {
    const url = world.pages.url('/blog?cut-off');
    await fakeBrowser.storage.session.set({
      reportJobs: { [url]: { url, state: 'running', startedAt: Date.now() - 5_000, privacy: 1, notify: true } },
    });
    const [made] = world.service.seedReports(world.key, [{ url, score: 88, privacy: 1 }]);
    await startedWorker();
    await vi.waitFor(() => expect(shown()).toMatchObject([{ title: 'Report created', message: expect.stringContaining('Score 88') }]));
    expect(made).toBeDefined();
  });
});

describe('a menu report while the service is away', () => {
  it('is queued by itself, says so, and is made once the service is back', async () => {
    const feature = await startedWorker();
    const url = world.pages.url('/pricing?away');
    // The service is away: the connection points at a port nothing listens on.
    const { closedPort } = await import('../../api/canned-server');
    const { writeConnection } = await import('@/lib/storage');
    await writeConnection({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: world.key });
    expect(await feature.reportWithoutPopup(url)).toBeNull();
    await vi.waitFor(() => expect(shown()).toMatchObject([{ title: expect.stringMatching(/^Will report 127\.0\.0\.1:\d+\/pricing\?away later$/) }]));

    await writeConnection({ baseUrl: world.service.baseUrl, apiKey: world.key });
    const { retryQueuedNow } = await import('@/lib/background/runs/queued-creates');
    const before = apiCalls(world, 'POST', '/api/v1/reports');
    expect(await retryQueuedNow()).toEqual([]);
    expect(apiCalls(world, 'POST', '/api/v1/reports')).toBe(before + 1);
    await vi.waitFor(() => expect(shown().map((n) => n.title)).toContain('Queued report created'));
  });

  it('opens the report on its own service once made, naming a service that is not the default', async () => {
    const feature = await startedWorker();
    const url = world.pages.url('/blog?away-other');
    const { closedPort } = await import('../../api/canned-server');
    const { writeService } = await import('@/lib/storage');
    const away = { name: 'Client', apiKey: world.key, keyForSessionOnly: false };
    const other = await writeService({ ...away, baseUrl: `http://127.0.0.1:${await closedPort()}` });
    expect(await feature.reportWithoutPopup(url, other.id)).toBeNull();
    await vi.waitFor(() => expect(shown().map((n) => n.title)).toContain(`Will report ${new URL(url).host}/blog?away-other later`));

    await writeService({ ...away, id: other.id, baseUrl: world.service.baseUrl });
    const { retryQueuedNow } = await import('@/lib/background/runs/queued-creates');
    await retryQueuedNow();
    await vi.waitFor(() => expect(shown().map((n) => n.title)).toContain('Queued report created'));
    const made = (await world.api.listReports({ perPage: 100 })).reports.find((report) => report.url.includes('away-other'));
    const actions = (await fakeBrowser.storage.session.get('notificationActions')).notificationActions as Record<string, unknown>;
    expect(Object.values(actions)).toContainEqual({ kind: 'report', id: made!.id, service: other.id });
  });
});
