import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { QueueOutcome } from '@/lib/background/runs/queued-creates';
import { AUDIT_MAX_MS, GIVE_UP_AFTER_MS } from '@/lib/background/runs/retry-policy';
import type { QueuedReport } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { startReportService, type RunningService } from '../../../service/server';
import { startPageServer, type PageServer } from '../../../service/test-pages';
import { installFakePermissions } from '../fake-permissions';

/**
 * Reports asked for while the service is away, made when it is back: against
 * the local service, stopped and started again on the same port with the
 * same data, as a real one would come back.
 */

const KEY = 'queue-key-0123456789abcdef';
const ACCOUNT = { name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 };
let service: RunningService | null = null;
let port = 0;
let dataDir: string;
let pages: PageServer;

async function startService(): Promise<RunningService> {
  service = await startReportService({ accounts: [ACCOUNT], port, dataFile: join(dataDir, 'service.json') });
  port = Number(new URL(service.baseUrl).port);
  return service;
}
async function stopService(): Promise<void> {
  await service?.close();
  service = null;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'queue-test-'));
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Queued page</title></head><body><h1>Hi</h1></body></html>' } });
});
afterAll(async () => {
  await stopService();
  await pages.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The worker as the browser starts it: fresh module state, the same storage. */
async function worker() {
  vi.resetModules();
  const [handlers, queue] = await Promise.all([import('@/lib/background/handlers'), import('@/lib/background/runs/queued-creates')]);
  const outcomes: QueueOutcome[] = [];
  queue.registerQueuedCreates();
  queue.onQueueOutcome((outcome) => outcomes.push(outcome));
  return { handlers: handlers.createHandlers(), queue, outcomes };
}

let n = 0;
const page = () => pages.url(`/?queued=${++n}`);
const reportsOf = async (url: string) => (await (await worker()).handlers.getPageState({ url })).reports;
const posts = () => service?.requestLog.filter((r) => r.method === 'POST').length ?? 0;

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(`http://127.0.0.1:${port || 1}`));
  await startService();
  await (await worker()).handlers.saveConnection({ baseUrl: service!.baseUrl, apiKey: KEY });
});
afterEach(async () => {
  vi.useRealTimers();
  await stopService();
  // The next test's service gets a port of its own: a connection kept alive to this one must not be reused.
  port = 0;
});

describe('a report asked for while the service is away', () => {
  it('waits in the queue, one entry per address, and is made once when the service is back', async () => {
    await stopService();
    const { handlers } = await worker();
    const url = page();
    const failed = await handlers.createReport({ url, privacy: 1 }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ kind: 'network' });
    await handlers.queueReport({ url, privacy: 1, sentAt: Date.now() });
    // The same page asked again, written another way the service stores alike: still one entry.
    await handlers.queueReport({ url: url.replace('http://', 'https://'), privacy: 0, sentAt: Date.now() });
    const queue = await handlers.getQueue({});
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ url, privacy: 0 });
    expect(queue[0]!.nextTryAt).toBeGreaterThan(Date.now());

    await startService();
    const later = await worker();
    const before = posts();
    expect(await later.handlers.retryQueue({})).toEqual([]);
    expect(posts()).toBe(before + 1);
    expect(await reportsOf(url)).toHaveLength(1);
    expect(later.outcomes).toMatchObject([{ kind: 'made', adopted: false, entry: { url } }]);
  });

  it('stays queued while the service is still away, with the next try backed off', async () => {
    const url = page();
    const { handlers } = await worker();
    await stopService();
    await handlers.queueReport({ url, privacy: 1, sentAt: Date.now(), offline: true });
    const [first] = await handlers.getQueue({});
    const [second] = await (await worker()).handlers.retryQueue({});
    expect(second).toMatchObject({ url, attempts: first!.attempts + 1, lastError: { kind: 'network' } });
    expect(second!.nextTryAt - Date.now()).toBeGreaterThanOrEqual(60_000);
  });

  it('is dropped with a notice when the service still refuses after 7 days', async () => {
    const url = page();
    const { handlers } = await worker();
    await handlers.queueReport({ url, privacy: 1, sentAt: Date.now() });
    vi.useFakeTimers({ now: Date.now() + GIVE_UP_AFTER_MS + 60_000, toFake: ['Date'] });
    const later = await worker();
    expect(await later.handlers.retryQueue({})).toEqual([]);
    expect(later.outcomes).toMatchObject([{ kind: 'gave-up', entry: { url } }]);
  });

  it('survives the worker (and the browser: it is in local storage)', async () => {
    const url = page();
    await (await worker()).handlers.queueReport({ url, privacy: 0, sentAt: Date.now() });
    expect(Object.keys(await fakeBrowser.storage.local.get('runs'))).toEqual(['runs']);
    expect(await (await worker()).handlers.getQueue({})).toMatchObject([{ url }]);
  });

  it('is a run of one create, listed in the queue and not among the runs, that no other run sends again', async () => {
    const url = page();
    const { handlers } = await worker();
    await handlers.queueReport({ url, privacy: 1, sentAt: Date.now(), offline: true });
    expect(await handlers.getRuns({})).toEqual([]);
    await expect(handlers.startCreateRun({ urls: [url], privacy: 1 })).rejects.toMatchObject({ kind: 'validation' });
  });

  it('is woken by the one alarm of background work, set for its next try', async () => {
    const url = page();
    const { handlers } = await worker();
    const entry = await handlers.queueReport({ url, privacy: 1, sentAt: Date.now(), offline: true });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toMatchObject([{ name: 'work', scheduledTime: entry.nextTryAt }]));
  });

  it('kept by the version before, in a queue of its own, is carried over with its tries and its wait', async () => {
    const url = page();
    const entry: QueuedReport = {
      url,
      privacy: 0,
      queuedAt: Date.now() - 3_600_000,
      firstSentAt: Date.now() - 3_600_000,
      lastSentAt: Date.now() - 600_000,
      attempts: 4,
      nextTryAt: Date.now() + 480_000,
      lastError: { kind: 'network', message: 'The report service could not be reached.' },
    };
    await fakeBrowser.storage.local.set({ reportQueue: [entry, { url: 'not an entry' }] });
    const { handlers } = await worker();
    expect(await handlers.getQueue({})).toEqual([entry]);
    expect(await fakeBrowser.storage.local.get('reportQueue')).toEqual({});
    expect(await (await worker()).handlers.getQueue({})).toEqual([entry]);

    // Carried over, it is made once the service answers, like any queued report.
    const before = posts();
    expect(await (await worker()).handlers.retryQueue({})).toEqual([]);
    expect(posts()).toBe(before + 1);
    expect(await reportsOf(url)).toMatchObject([{ privacy: 0 }]);
  });

  it('can be cancelled', async () => {
    const url = page();
    const { handlers } = await worker();
    await handlers.queueReport({ url, privacy: 0, sentAt: Date.now() });
    await handlers.cancelQueued({ url });
    expect(await handlers.getQueue({})).toEqual([]);
  });
});

describe('a create that may have reached the service', () => {
  it('is never sent twice: the service made it and dropped the connection, and the queue adopts that report', async () => {
    const url = page();
    const { handlers } = await worker();
    service!.configure({ dropAfterCreate: true });
    const sentAt = Date.now();
    const failed = await handlers.createReport({ url, privacy: 1 }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ kind: 'network' });
    const queued = await handlers.queueReport({ url, privacy: 1, sentAt });
    // Its fate unknown, the next try waits as long as an audit may take.
    expect(queued.nextTryAt).toBeGreaterThanOrEqual(sentAt + AUDIT_MAX_MS);
    service!.configure({ dropAfterCreate: false });

    const before = posts();
    const later = await worker();
    expect(await later.handlers.retryQueue({})).toEqual([]);
    expect(posts()).toBe(before);
    expect(await reportsOf(url)).toHaveLength(1);
    expect(later.outcomes).toMatchObject([{ kind: 'made', adopted: true }]);
  });

  it('is not answered by a report of another privacy: that one is sent', async () => {
    const url = page();
    service!.seedReports(KEY, [{ url, score: 50, privacy: 0 }]);
    const { handlers } = await worker();
    await handlers.queueReport({ url, privacy: 1, sentAt: Date.now() - 1_000 });
    await handlers.retryQueue({});
    expect((await reportsOf(url)).map((r) => r.privacy).sort()).toEqual([0, 1]);
  });
});
