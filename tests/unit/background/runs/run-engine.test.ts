import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { originPattern } from '@/lib/shared/permission';
import type { Run, RunView } from '@/lib/protocol';
import { startReportService, type RunningService } from '../../../service/server';
import { startPageServer, type PageServer } from '../../../service/test-pages';
import { installFakePermissions } from '../fake-permissions';

/**
 * The background's runs of many reports, against the local service over real
 * HTTP: two at a time, 429s waited out, one create per page, a stopped worker
 * resumed from storage, stop and retry.
 */

const KEY = 'runs-key-0123456789abcdef';
const PAGE = '<html lang="en"><head><title>Run page</title></head><body><h1>Hi</h1></body></html>';
let service: RunningService;
let pages: PageServer;
let routes: Parameters<typeof startPageServer>[0];

/** The worker as the browser starts it: fresh module state, the same storage; `startOver` ends its start. */
async function worker() {
  vi.resetModules();
  const [handlers, engine, start] = await Promise.all([
    import('@/lib/background/handlers'),
    import('@/lib/background/runs/run-engine'),
    import('@/lib/background/start-work'),
  ]);
  return { handlers: handlers.createHandlers(), engine, startOver: start.startOver };
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const runOf = async (id: string): Promise<RunView> =>
  (await (await import('@/lib/background/runs/run-engine')).readRunViews()).find((r) => r.id === id)!;
const finished = (id: string) => until(async () => (await runOf(id)).state === 'finished');
const requests = (method: string, since: number) => service.requestLog.slice(since).filter((r) => r.method === method);
const seed = (n: number, tag: string) =>
  service.seedReports(
    KEY,
    Array.from({ length: n }, (_, i) => ({ url: `https://${tag}.example.com/${i}`, score: 50 })),
  );
const remaining = async (ids: number[]) => {
  let left = 0;
  for (const id of ids) {
    const answer = await fetch(`${service.baseUrl}/api/v1/reports/${id}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    if (answer.status === 200) left++;
  }
  return left;
};

const privacies = async (ids: number[]) => {
  const found = new Set<number>();
  for (const id of ids) {
    const answer = await fetch(`${service.baseUrl}/api/v1/reports/${id}`, {
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
    });
    found.add(((await answer.json()) as { data: { privacy: number } }).data.privacy);
  }
  return found;
};

beforeEach(async () => {
  fakeBrowser.reset();
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  routes = { '/': { body: PAGE } };
  pages = await startPageServer(routes);
  installFakePermissions().add(originPattern(service.baseUrl));
  await (await worker()).handlers.saveConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});
afterEach(async () => {
  await service.close();
  await pages.close();
});

// Its runs wait out the local service's real rate-limit windows: seconds, not the unit tests' usual 5.
describe('a bulk run', { timeout: 20_000 }, () => {
  it('deletes every report chosen, two requests at a time and never more', async () => {
    const ids = seed(12, 'two').map((r) => r.id);
    let inFlight = 0;
    let most = 0;
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
      inFlight++;
      most = Math.max(most, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await realFetch(...args);
      } finally {
        inFlight--;
      }
    });
    const { handlers } = await worker();
    const run = await handlers.startBulkRun({ action: 'delete', targets: { kind: 'reports', reports: ids.map((id) => ({ id, url: `r${id}` })) } });
    await finished(run.id);
    vi.restoreAllMocks();
    expect(most).toBe(2);
    expect(await remaining(ids)).toBe(0);
    expect(await runOf(run.id)).toMatchObject({ done: 12, left: 0, failed: [] });
  });

  it('waits out the rate limit and ends with every report deleted, none skipped', async () => {
    const ids = seed(9, 'limited').map((r) => r.id);
    const since = service.requestLog.length;
    service.configure({ rateLimit: { limit: 3, windowSeconds: 1 } });
    const { handlers } = await worker();
    const run = await handlers.startBulkRun({ action: 'delete', targets: { kind: 'reports', reports: ids.map((id) => ({ id, url: `r${id}` })) } });
    await finished(run.id);
    expect(await runOf(run.id)).toMatchObject({ done: 9, failed: [] });
    service.configure({ rateLimit: null });
    expect(await remaining(ids)).toBe(0);
    expect(requests('DELETE', since).length).toBeGreaterThan(9);
  });

  it('selects by filters: every matching report across pages, and nothing else', async () => {
    const chosen = seed(130, 'match').map((r) => r.id);
    const others = seed(5, 'other').map((r) => r.id);
    const { handlers } = await worker();
    const run = await handlers.startBulkRun({
      action: 'privacy',
      privacy: 1,
      targets: { kind: 'matching', filters: { search: '', project: 'match.example.com', result: 'all', sortBy: 'id', sort: 'desc' } },
    });
    expect(run.total).toBe(130);
    await finished(run.id);
    expect((await runOf(run.id)).done).toBe(130);
    expect(await privacies(chosen)).toEqual(new Set([1]));
    expect(await privacies(others)).toEqual(new Set([0]));
  });

  it('stops when asked, after what is under way, and retry finishes the rest', async () => {
    const ids = seed(6, 'stop').map((r) => r.id);
    service.configure({ rateLimit: { limit: 1, windowSeconds: 2 } });
    const { handlers } = await worker();
    const run = await handlers.startBulkRun({ action: 'delete', targets: { kind: 'reports', reports: ids.map((id) => ({ id, url: `r${id}` })) } });
    await until(async () => (await runOf(run.id)).done >= 1);
    await handlers.stopRun({ id: run.id });
    await until(async () => (await runOf(run.id)).current.length === 0);
    const stopped = await runOf(run.id);
    expect(stopped.state).toBe('stopped');
    expect(stopped.left).toBeGreaterThan(0);
    service.configure({ rateLimit: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await remaining(ids)).toBe(stopped.left);
    await handlers.retryRun({ id: run.id });
    await finished(run.id);
    expect(await remaining(ids)).toBe(0);
  });

  it('retries failed items in one go', async () => {
    const { handlers } = await worker();
    const run = await handlers.startCreateRun({ urls: [pages.url('/later'), pages.url('/')], privacy: 1 });
    await finished(run.id);
    expect(await runOf(run.id)).toMatchObject({ done: 1, failed: [{ url: pages.url('/later') }] });
    // The page exists now: the failed create is sent again, and only it.
    routes['/later'] = { body: PAGE };
    const since = service.requestLog.length;
    await handlers.retryRun({ id: run.id });
    await finished(run.id);
    expect(requests('POST', since)).toHaveLength(1);
    expect(await runOf(run.id)).toMatchObject({ done: 2, failed: [] });
  });
});

describe('creates', () => {
  it('sends one create per page, however often the list names it', async () => {
    const since = service.requestLog.length;
    const { handlers } = await worker();
    const url = pages.url('/');
    const run = await handlers.startCreateRun({ urls: [url, `${url}#part`, `${url}?x=1`], privacy: 1 });
    expect(run.total).toBe(2);
    await finished(run.id);
    expect(requests('POST', since)).toHaveLength(2);
  });

  it('never sends a page two creates when a second run names it while the first is under way, and says so', async () => {
    const since = service.requestLog.length;
    const { handlers } = await worker();
    const urls = [pages.url('/?twice=1'), pages.url('/?twice=2'), pages.url('/?twice=3')];
    // Two clicks in a row: neither waits for the other.
    const [first, second] = await Promise.allSettled([
      handlers.startCreateRun({ urls, privacy: 1 }),
      handlers.startCreateRun({ urls: [...urls, pages.url('/?twice=4')], privacy: 1 }),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { total: 3, alreadyUnderWay: 0 } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { total: 1, alreadyUnderWay: 3 } });
    const ids = [first, second].map((outcome) => (outcome as PromiseFulfilledResult<RunView>).value.id);
    for (const id of ids) await finished(id);
    expect(requests('POST', since)).toHaveLength(4);
  });

  it('leaves out pages found under way before a slower check, though their create has ended since', async () => {
    const { engine } = await worker();
    const first = await engine.addRun('create', [{ url: pages.url('/?early=1') }], 1);
    const underWay = await engine.createsUnderWay();
    expect(underWay.size).toBe(1);
    await finished(first.id!);
    const since = service.requestLog.length;
    const later = await engine.addRun('create', [{ url: pages.url('/?early=1') }, { url: pages.url('/?early=2') }], 1, { alsoUnderWay: underWay });
    expect(later).toMatchObject({ run: { total: 1 }, underWay: 1 });
    await finished(later.id!);
    expect(requests('POST', since)).toHaveLength(1);
  });

  it('refuses a run whose every page is being made already, in words', async () => {
    const { handlers } = await worker();
    const urls = [pages.url('/?again=1'), pages.url('/?again=2')];
    const first = await handlers.startCreateRun({ urls, privacy: 1 });
    await expect(handlers.startCreateRun({ urls, privacy: 1 })).rejects.toMatchObject({
      kind: 'validation',
      message: 'All of these are already under way in the background: none is sent twice.',
    });
    await finished(first.id);
    // Once the first run is done, the pages may be reported again.
    const later = await handlers.startCreateRun({ urls, privacy: 1 });
    expect(later.total).toBe(2);
    await finished(later.id);
  });

  it('leaves out a page the popup is making a report of, or that waits in the queue', async () => {
    const making = pages.url('/?popup=1');
    const queued = pages.url('/?queued=1');
    await fakeBrowser.storage.session.set({ reportJobs: { [making]: { url: making, state: 'running', startedAt: Date.now(), privacy: 1 } } });
    await fakeBrowser.storage.local.set({
      reportQueue: [
        {
          url: queued,
          privacy: 1,
          queuedAt: Date.now(),
          firstSentAt: Date.now(),
          lastSentAt: null,
          attempts: 1,
          nextTryAt: Date.now() + 60_000,
          lastError: null,
        },
      ],
    });
    const { handlers } = await worker();
    const run = await handlers.startCreateRun({ urls: [making, queued, pages.url('/?free=1')], privacy: 1 });
    expect(run).toMatchObject({ total: 1, alreadyUnderWay: 2 });
    await finished(run.id);
  });

  it('regenerates each report once when a second bulk run names the same reports', async () => {
    const ids = seed(3, 'regen').map((r) => r.id);
    const since = service.requestLog.length;
    const { handlers } = await worker();
    const targets = { kind: 'reports' as const, reports: ids.map((id) => ({ id, url: `r${id}` })) };
    const first = await handlers.startBulkRun({ action: 'regenerate', targets });
    await expect(handlers.startBulkRun({ action: 'regenerate', targets })).rejects.toMatchObject({ kind: 'validation' });
    await finished(first.id);
    expect(requests('PUT', since).length + requests('POST', since).length).toBe(3);
  });

  it('after a stopped worker, adopts the report its create made instead of sending it again', async () => {
    const url = pages.url('/?resumed=1');
    const sentAt = Date.now();
    // The worker sent the create and stopped before the answer: the service made the report all the same.
    await fetch(`${service.baseUrl}/api/v1/reports`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ url, privacy: '1' }),
    });
    const left: Run = {
      id: 'left-by-a-stopped-worker',
      action: 'create',
      privacy: 1,
      createdAt: sentAt,
      state: 'running',
      stopReason: null,
      waitUntil: null,
      waitReason: null,
      waits: 0,
      items: [
        { url, state: 'sending', sentAt },
        { url: pages.url('/?resumed=2'), state: 'pending' },
      ],
    };
    await fakeBrowser.storage.local.set({ runs: [left] });
    const since = service.requestLog.length;
    const { engine, startOver } = await worker();
    engine.registerRuns();
    startOver();
    await finished(left.id);
    expect(requests('POST', since)).toHaveLength(1);
    expect(await runOf(left.id)).toMatchObject({ done: 2, failed: [] });
  });

  it('resumes a delete run a stopped worker left halfway', async () => {
    const ids = seed(4, 'resume').map((r) => r.id);
    const items: Run['items'] = ids.map((id, i) => ({ reportId: id, url: `r${id}`, state: i === 0 ? 'done' : i === 1 ? 'sending' : 'pending' }));
    await fakeBrowser.storage.local.set({
      runs: [
        {
          id: 'halfway',
          action: 'delete',
          createdAt: Date.now(),
          state: 'running',
          stopReason: null,
          waitUntil: null,
          waitReason: null,
          waits: 0,
          items,
        },
      ],
    });
    const { engine, startOver } = await worker();
    engine.registerRuns();
    startOver();
    await finished('halfway');
    expect(await remaining(ids.slice(1))).toBe(0);
    expect(await remaining(ids.slice(0, 1))).toBe(1);
  });
});

describe('what a run refuses', () => {
  it('sends only web addresses, however the page asked', async () => {
    const { handlers } = await worker();
    const run = await handlers.startCreateRun({ urls: ['javascript:alert(1)', 'file:///etc/passwd', pages.url('/')], privacy: 1 });
    expect(run.total).toBe(1);
    await finished(run.id);
  });

  it('says why when nothing is left to do', async () => {
    const { handlers } = await worker();
    await expect(handlers.startCreateRun({ urls: ['chrome://settings'], privacy: 1 })).rejects.toMatchObject({ kind: 'validation' });
  });
});
