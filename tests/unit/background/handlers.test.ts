import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { originPattern } from '@/lib/shared/permission';
import { storedAddress } from '@/lib/shared/page-address';
import { readConnection, writeConnection } from '@/lib/storage';
import { startReportService, type RunningService } from '../../service/server';
import { installFakePermissions } from './fake-permissions';
import { startPageServer, type PageServer } from '../../service/test-pages';

let service: RunningService;
let pages: PageServer;
let key: string;
let otherKey: string;

beforeAll(async () => {
  service = await startReportService({
    accounts: [
      { name: 'Ada', email: 'ada@example.com', apiKey: 'ada-key-0123456789', reportsPerMonth: -1 },
      { name: 'Bob', email: 'bob@example.com', apiKey: 'bob-key-9876543210', reportsPerMonth: -1 },
    ],
  });
  key = service.accounts[0]!.apiKey;
  otherKey = service.accounts[1]!.apiKey;
  pages = await startPageServer({ '/': { body: '<html lang="en"><head><title>Home</title></head><body><h1>Hi</h1></body></html>' } });
});
afterAll(async () => {
  await service.close();
  await pages.close();
});

let granted: Set<string>;
beforeEach(() => {
  fakeBrowser.reset();
  granted = installFakePermissions();
});

const handlers = () => createHandlers();

async function connect() {
  granted.add(originPattern(service.baseUrl));
  return handlers().saveConnection({ baseUrl: `  ${service.baseUrl}/api/v1/ `, apiKey: key });
}

describe('connecting to the service', () => {
  it('proves the connection with the account and keeps it, showing only the key’s last four characters', async () => {
    const { settings, account } = await connect();
    expect(account.email).toBe('ada@example.com');
    expect(settings).toMatchObject({ baseUrl: service.baseUrl, keySet: true, keyHint: key.slice(-4), permissionGranted: true });
    expect(JSON.stringify(settings)).not.toContain(key);
    expect(await readConnection()).toEqual({ baseUrl: service.baseUrl, apiKey: key });
  });

  it('keeps the previous working settings when a new key is refused', async () => {
    await connect();
    const attempt = handlers().saveConnection({ baseUrl: service.baseUrl, apiKey: 'wrong-key-000000' });
    await expect(attempt).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(await readConnection()).toEqual({ baseUrl: service.baseUrl, apiKey: key });
  });

  it('gives back the permission of an address whose connection failed, and keeps the working one', async () => {
    await connect();
    const stranger = 'http://localhost:9/';
    granted.add(originPattern(stranger));
    await expect(handlers().saveConnection({ baseUrl: stranger, apiKey: key })).rejects.toMatchObject({ kind: 'network' });
    expect([...granted]).toEqual([originPattern(service.baseUrl)]);
  });

  it('gives back the old address’s permission after moving to another service', async () => {
    granted.add('https://old.example.com/*');
    await writeConnection({ baseUrl: 'https://old.example.com', apiKey: 'old-key-123456' });
    await connect();
    expect([...granted]).toEqual([originPattern(service.baseUrl)]);
  });

  it('saves nothing without the browser’s permission for the address', async () => {
    await expect(handlers().saveConnection({ baseUrl: service.baseUrl, apiKey: key })).rejects.toMatchObject({
      kind: 'permission-missing',
    });
    expect(await readConnection()).toBeNull();
  });

  it('refuses plain http to a host other than this computer', async () => {
    await expect(handlers().saveConnection({ baseUrl: 'http://reports.example.com', apiKey: key })).rejects.toMatchObject({
      kind: 'insecure-address',
    });
  });

  it('keeps the stored key when the key field is left empty', async () => {
    await connect();
    const { settings } = await handlers().saveConnection({ baseUrl: service.baseUrl });
    expect(settings.keyHint).toBe(key.slice(-4));
  });

  it('forgets the key but keeps the address', async () => {
    await connect();
    const settings = await handlers().forgetKey({});
    expect(settings).toMatchObject({ baseUrl: service.baseUrl, keySet: false, keyHint: null });
    await expect(handlers().getAccount({})).rejects.toMatchObject({ kind: 'not-connected' });
  });

  it('notices when the user revokes the permission', async () => {
    await connect();
    granted.clear();
    expect((await handlers().getSettings({})).permissionGranted).toBe(false);
    await expect(handlers().listReports({})).rejects.toMatchObject({ kind: 'permission-missing' });
  });
});

describe('reporting a page', () => {
  it('creates a report and shows it, with the reports already made, for that page only', async () => {
    await connect();
    const url = pages.url('/');
    const report = await handlers().createReport({ url, privacy: 1 });
    expect(report.privacy).toBe(1);
    expect(report.score).toBeGreaterThanOrEqual(0);

    const state = await handlers().getPageState({ url });
    expect(state.job).toMatchObject({ state: 'done', report: { id: report.id } });
    expect(state.reports[0]?.id).toBe(report.id);
    expect(state.reports.every((r) => r.url === report.url)).toBe(true);
  });

  it('gives the job’s failure in plain words when the page cannot be fetched', async () => {
    await connect();
    const url = 'http://127.0.0.1:9/nothing-listens-here';
    await expect(handlers().createReport({ url, privacy: 0 })).rejects.toMatchObject({ kind: 'validation' });
    const state = await handlers().getPageState({ url });
    expect(state.job).toMatchObject({ state: 'failed', error: { kind: 'validation' } });
  });

  it('lets a popup opened during the audit wait for its outcome', async () => {
    await connect();
    service.configure({ latencyMs: 400 });
    try {
      const url = pages.url('/?slow');
      const started = handlers().createReport({ url, privacy: 0 });
      await vi.waitFor(async () => expect((await handlers().getPageState({ url })).job?.state).toBe('running'));
      const finished = await handlers().waitForJob({ url });
      expect(finished).toMatchObject({ state: 'done' });
      await started;
    } finally {
      service.configure({ latencyMs: 0 });
    }
  });

  it('still shows the job and settings when the service is not configured', async () => {
    const state = await handlers().getPageState({ url: pages.url('/') });
    expect(state).toMatchObject({ job: null, reports: [], reportsError: null, settings: { baseUrl: null } });
  });

  it('leaves the checks behind the score in the background: the popup gets their summary, lists never draw them', async () => {
    await connect();
    const url = pages.url('/?checks');
    const made = await handlers().createReport({ url, privacy: 0 });
    expect(made.checks).toBeNull();
    const stored = await fetch(`${service.baseUrl}/api/v1/reports/${made.id}`, {
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
    });
    const results = Object.values(
      ((await stored.json()) as { data: { results: Record<string, { passed: boolean; importance: string }> } }).data.results,
    );
    const failed = (importance: string) => results.filter((c) => !c.passed && c.importance === importance).length;
    expect(made.summary).toMatchObject({
      total: results.length,
      failed: { high: failed('high'), medium: failed('medium'), low: failed('low') },
      change: null,
    });
    const listed = await handlers().listReports({ search: storedAddress(url) });
    expect(listed.reports.map((r) => [r.id, r.checks])).toEqual([[made.id, null]]);
    const state = await handlers().getPageState({ url });
    expect(state.reports.map((r) => [r.id, r.checks, r.summary])).toEqual([[made.id, null, made.summary]]);
  });

  it('counts what changed between a page’s two reports from the service’s own checks', async () => {
    await connect();
    const url = pages.url('/?changed');
    const [older, newer] = service.seedReports(key, [
      { url, score: 35, generatedAt: '2026-01-01T10:00:00.000Z' },
      { url, score: 90, generatedAt: '2026-02-01T10:00:00.000Z' },
    ]);
    const resultsOf = async (id: number) => {
      const answer = await fetch(`${service.baseUrl}/api/v1/reports/${id}`, {
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      });
      return ((await answer.json()) as { data: { results: Record<string, { passed: boolean }> } }).data.results;
    };
    const [before, after] = [await resultsOf(older!.id), await resultsOf(newer!.id)];
    const fixed = Object.keys(after).filter((name) => after[name]!.passed && before[name]?.passed === false).length;
    const broken = Object.keys(after).filter((name) => !after[name]!.passed && before[name]?.passed === true).length;
    expect(fixed).toBeGreaterThan(0);

    const state = await handlers().getPageState({ url });
    expect(state.reports.map((r) => r.id)).toEqual([newer!.id, older!.id]);
    expect(state.reports[0]!.summary?.change).toEqual({ previousId: older!.id, scoreDelta: 55, fixed, broken });
    expect(state.reports[0]!.checks).toBeNull();
  });

  it('does not show another account’s reports', async () => {
    await connect();
    const url = pages.url('/?other');
    service.seedReports(otherKey, [{ url, score: 50 }]);
    const state = await handlers().getPageState({ url });
    expect(state.reports).toEqual([]);
  });
});

describe('the key stays in the background', () => {
  it('appears in no reply, not even in errors', async () => {
    const { settings } = await connect();
    const replies: unknown[] = [settings];
    replies.push(await handlers().getSettings({}));
    replies.push(await handlers().listReports({}));
    replies.push(await handlers().getAccount({}));
    for (const error of await Promise.all([
      handlers()
        .deleteReport({ id: 999_999 })
        .catch((e: unknown) => e),
      handlers()
        .updateReport({ id: 999_999, privacy: 0 })
        .catch((e: unknown) => e),
      handlers()
        .createReport({ url: 'http://127.0.0.1:9/', privacy: 0 })
        .catch((e: unknown) => e),
    ])) {
      replies.push(error, (error as Error).message, (error as { detail?: string }).detail);
    }
    expect(JSON.stringify(replies)).not.toContain(key);
  });
});

describe('jobs of several pages', () => {
  it('keeps every page’s outcome when they change at the same moment', async () => {
    const job = (url: string) => ({ url, state: 'failed', startedAt: 1, error: { kind: 'network', message: 'x' } });
    await fakeBrowser.storage.session.set({ reportJobs: { a: job('a'), b: job('b'), c: job('c') } });
    await Promise.all([handlers().dismissJob({ url: 'a' }), handlers().dismissJob({ url: 'b' })]);
    expect(Object.keys((await fakeBrowser.storage.session.get('reportJobs')).reportJobs as object)).toEqual(['c']);
  });
});

describe('a worker stopped during an audit', () => {
  async function restartedWorker() {
    vi.resetModules();
    const { createHandlers: fresh } = await import('@/lib/background/handlers');
    return fresh();
  }

  it('finds the report the service finished meanwhile', async () => {
    await connect();
    const url = pages.url('/?restart-done');
    await fakeBrowser.storage.session.set({ reportJobs: { [url]: { url, state: 'running', startedAt: Date.now(), privacy: 0 } } });
    const [made] = service.seedReports(key, [{ url, score: 91 }]);
    const state = await (await restartedWorker()).getPageState({ url });
    expect(state.job).toMatchObject({ state: 'done', report: { id: made!.id } });
  });

  it('says the audit was interrupted when the service has no such report', async () => {
    await connect();
    const url = pages.url('/?restart-lost');
    // Started longer ago than an audit may take: no report will come any more.
    const startedAt = Date.now() - 10 * 60_000;
    await fakeBrowser.storage.session.set({ reportJobs: { [url]: { url, state: 'running', startedAt, privacy: 0 } } });
    const state = await (await restartedWorker()).getPageState({ url });
    expect(state.job).toMatchObject({ state: 'failed', error: { kind: 'interrupted' } });
  });
});
