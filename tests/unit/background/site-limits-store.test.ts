import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { limitsForAlert, reportLimitsVerdict } from '@/lib/background/site-limits-store';
import type { Report } from '@/lib/api';
import { requests } from '@/lib/protocol';
import { siteLimits } from '@/lib/storage';
import { originPattern } from '@/lib/shared/permission';
import { startReportService, type RunningService } from '../../service/server';
import { installFakePermissions } from './fake-permissions';
import { startPageServer, type PageServer } from '../../service/test-pages';

let service: RunningService;
let pages: PageServer;

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: 'ada-key-0123456789', reportsPerMonth: -1 }] });
  // No language, no description, served over http: fails checks of high importance and of Security.
  pages = await startPageServer({ '/': { body: '<html><head><title>Shop</title></head><body><h1>Shop</h1></body></html>' } });
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
const limits = (more: object = {}) => ({ minScore: null, noHighFailed: false, categories: [], checks: [], ...more });

describe('site limits as kept', () => {
  it('starts empty, keeps a site’s limits once each, and forgets limits that ask nothing', async () => {
    expect(await handlers().getSiteLimits({})).toEqual({ limits: {}, accepted: [] });
    const saved = await handlers().saveSiteLimits({
      project: 'example.com',
      limits: limits({ minScore: 80, categories: ['security', 'security'], checks: ['title', 'title'] }),
    });
    expect(saved.limits['example.com']).toEqual(limits({ minScore: 80, categories: ['security'], checks: ['title'] }));
    expect((await handlers().saveSiteLimits({ project: 'example.com', limits: limits() })).limits).toEqual({});
    await handlers().saveSiteLimits({ project: 'example.com', limits: limits({ noHighFailed: true }) });
    expect((await handlers().saveSiteLimits({ project: 'example.com', limits: null })).limits).toEqual({});
  });

  it('keeps at most 200 sites, and still changes one of them at the bound', async () => {
    await siteLimits.write({
      limits: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`site${i}.example`, limits({ minScore: 50 })])),
      accepted: [],
    });
    await expect(handlers().saveSiteLimits({ project: 'one-more.example', limits: limits({ minScore: 50 }) })).rejects.toMatchObject({
      kind: 'validation',
      message: 'Limits can be kept for at most 200 sites: remove some first.',
    });
    const changed = await handlers().saveSiteLimits({ project: 'site7.example', limits: limits({ minScore: 90 }) });
    expect(Object.keys(changed.limits)).toHaveLength(200);
    expect(changed.limits['site7.example']!.minScore).toBe(90);
  });

  it('refuses at the border a score out of range, an unknown category and more than 100 checks', () => {
    const parse = (l: object) => requests.saveSiteLimits.safeParse({ project: 'example.com', limits: limits(l) }).success;
    expect(parse({ minScore: 80 })).toBe(true);
    expect(parse({ minScore: 101 })).toBe(false);
    expect(parse({ minScore: 7.5 })).toBe(false);
    expect(parse({ categories: ['other'] })).toBe(false);
    expect(parse({ checks: Array.from({ length: 101 }, (_, i) => `check${i}`) })).toBe(false);
    expect(requests.acceptFinding.safeParse({ project: 'a.com', check: 'title', address: null, reason: 'x'.repeat(301), until: null }).success).toBe(
      false,
    );
    expect(requests.acceptFinding.safeParse({ project: 'a.com', check: 'title', address: null, reason: 'ok', until: 'next week' }).success).toBe(
      false,
    );
  });

  it('reads back what it can of a damaged item: a bad site or entry is dropped alone', async () => {
    await fakeBrowser.storage.local.set({
      siteLimits: {
        limits: { 'good.example': limits({ minScore: 70 }), 'bad.example': { minScore: 'high' } },
        accepted: [{ id: 'x' }, { id: 'a1', project: 'good.example', check: 'title', address: null, reason: 'ok', until: null, createdAt: 1 }],
      },
    });
    const state = await handlers().getSiteLimits({});
    expect(Object.keys(state.limits)).toEqual(['good.example']);
    expect(state.accepted.map((entry) => entry.id)).toEqual(['a1']);
  });
});

describe('accepted findings as kept', () => {
  const accept = (more: object = {}) =>
    handlers().acceptFinding({
      project: 'example.com',
      check: 'mixed_content',
      address: 'example.com/shop',
      reason: ' widget ',
      until: null,
      ...more,
    });

  it('keeps one acceptance per check and place, its reason trimmed; accepting again replaces it', async () => {
    await accept();
    await accept({ address: null });
    const state = await accept({ reason: 'vendor fixes it in March', until: '2027-03-31' });
    expect(state.accepted.map(({ address, reason, until }) => ({ address, reason, until }))).toEqual([
      { address: null, reason: 'widget', until: null },
      { address: 'example.com/shop', reason: 'vendor fixes it in March', until: '2027-03-31' },
    ]);
  });

  it('refuses a reason of spaces only, and a thousand and first acceptance', async () => {
    await expect(accept({ reason: '   ' })).rejects.toMatchObject({ kind: 'validation', message: 'Say why this finding is accepted.' });
    await siteLimits.write({
      limits: {},
      accepted: Array.from({ length: 1000 }, (_, i) => ({
        id: `a${i}`,
        project: 'example.com',
        check: `c${i}`,
        address: null,
        reason: 'r',
        until: null,
        createdAt: i,
      })),
    });
    await expect(accept()).rejects.toMatchObject({ kind: 'validation', message: 'At most 1,000 findings can be accepted: remove some first.' });
  });

  it('removes one by its id', async () => {
    const [first] = (await accept()).accepted;
    await accept({ check: 'title' });
    const state = await handlers().removeAccepted({ id: first!.id });
    expect(state.accepted.map((entry) => entry.check)).toEqual(['title']);
  });
});

describe('the verdict on a report of the local service', () => {
  async function reportOfPage() {
    granted.add(originPattern(service.baseUrl));
    await handlers().saveConnection({ baseUrl: service.baseUrl, apiKey: 'ada-key-0123456789' });
    return handlers().createReport({ url: pages.url('/'), privacy: 1 });
  }

  it('is null, without asking the service, while no site has limits or acceptances', async () => {
    const api = { getReport: () => Promise.reject(new Error('the service was asked')) };
    expect(await reportLimitsVerdict(api, 1)).toBeNull();
  });

  it('is null when the report’s site has neither limits nor acceptances', async () => {
    const report = await reportOfPage();
    expect(await handlers().getLimitsVerdict({ id: report.id })).toBeNull();
    await handlers().saveSiteLimits({ project: 'elsewhere.example', limits: limits({ minScore: 10 }) });
    expect(await handlers().getLimitsVerdict({ id: report.id })).toBeNull();
  });

  it('names the limits a report breaks, and keeps them once its failures are accepted', async () => {
    const report = await reportOfPage();
    const project = report.project!;
    await handlers().saveSiteLimits({ project, limits: limits({ minScore: 100, categories: ['security'] }) });
    const verdict = await handlers().getLimitsVerdict({ id: report.id });
    expect(verdict!.within).toBe(false);
    expect(verdict!.broken.map((b) => b.kind)).toEqual(['min-score', 'category']);
    const security = verdict!.broken.find((b) => b.kind === 'category');
    await handlers().saveSiteLimits({ project, limits: limits({ categories: ['security'] }) });
    for (const check of security!.kind === 'category' ? security!.checks : []) {
      await handlers().acceptFinding({ project, check, address: null, reason: 'served over http in tests', until: null });
    }
    const after = await handlers().getLimitsVerdict({ id: report.id });
    expect(after).toMatchObject({ within: true, broken: [], changedByAccepted: true });
  });

  it('lists reports with their failed checks only, when asked', async () => {
    const report = await reportOfPage();
    const plain = await handlers().listReports({});
    expect(plain.reports.find((r) => r.id === report.id)!.checks).toBeNull();
    const listed = (await handlers().listReports({ failedChecks: true })).reports.find((r) => r.id === report.id)!;
    const failed = Object.values(listed.checks!);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((check) => !check.passed)).toBe(true);
  });
});

describe('what a watched check’s alert needs of its site', () => {
  const checked = (score: number, failing: Record<string, 'high' | 'medium' | 'low'>): Report => ({
    id: 9,
    url: 'shop.example.com/cart',
    project: 'shop.example.com',
    score,
    label: 'decent',
    privacy: 1,
    hasPassword: false,
    generatedAt: null,
    createdAt: null,
    updatedAt: null,
    checks: {
      title: { passed: true, importance: 'high', value: 'Shop' },
      ...Object.fromEntries(Object.entries(failing).map(([key, importance]) => [key, { passed: false, importance, value: null }])),
    },
  });

  it('names no limit where the site has none, and still gives the checks accepted for the page', async () => {
    await siteLimits.write({
      limits: {},
      accepted: [{ id: 'a1', project: 'shop.example.com', check: 'mixed_content', address: null, reason: 'widget', until: null, createdAt: 1 }],
    });
    const { broken, accepted } = await limitsForAlert(checked(40, { mixed_content: 'high' }));
    expect(broken).toBeNull();
    expect([...accepted]).toEqual(['mixed_content']);
  });

  it('names each limit the report breaks, in words, and leaves out what an acceptance covers', async () => {
    await siteLimits.write({ limits: { 'shop.example.com': limits({ minScore: 80, noHighFailed: true }) }, accepted: [] });
    const before = await limitsForAlert(checked(60, { mixed_content: 'high' }));
    expect(before.broken).toHaveLength(2);
    expect(before.broken![0]).toContain('80');
    await siteLimits.write({
      limits: { 'shop.example.com': limits({ minScore: 50, noHighFailed: true }) },
      accepted: [
        {
          id: 'a1',
          project: 'shop.example.com',
          check: 'mixed_content',
          address: 'shop.example.com/cart',
          reason: 'widget',
          until: null,
          createdAt: 1,
        },
      ],
    });
    const after = await limitsForAlert(checked(60, { mixed_content: 'high' }));
    expect(after.broken).toEqual([]);
    expect([...after.accepted]).toEqual(['mixed_content']);
  });
});
