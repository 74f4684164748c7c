import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError, type Report, type ReportPage } from '@/lib/api';
import type { ListParams } from '@/lib/api/client';
import {
  keepSiteSummary,
  newSiteRead,
  readSite,
  summaryOfRead,
  SITE_ENTRY_MAX_CHARS,
  SITE_KEPT_LIMIT,
  SITE_KEPT_MAX_CHARS,
  SITE_PER_PAGE,
  type SiteReadDeps,
} from '@/lib/background/site-summary';
import type { SiteSummary } from '@/lib/protocol';
import { siteSummaries } from '@/lib/storage';

const report = (id: number): Report => ({
  id,
  url: `example.com/${id % 7}`,
  project: 'example.com',
  score: 50 + (id % 40),
  label: 'decent',
  privacy: 0,
  hasPassword: false,
  generatedAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
  createdAt: null,
  updatedAt: null,
  checks: { favicon: { passed: id % 2 === 0, importance: 'medium', value: null } },
});

/** A service of `total` reports, 100 a page, answering 429 to the calls listed in `refuse` (counted from 1). */
function service(total: number, refuse: number[] = []) {
  const asked: ListParams[] = [];
  const listReports = async (p: ListParams = {}): Promise<ReportPage> => {
    asked.push(p);
    if (refuse.includes(asked.length)) throw new ApiError({ kind: 'rate-limited', message: 'Too Many Attempts.', status: 429, retryAfterSeconds: 3 });
    const page = p.page ?? 1;
    const ids = Array.from(
      { length: Math.max(0, Math.min(SITE_PER_PAGE, total - (page - 1) * SITE_PER_PAGE)) },
      (_, i) => (page - 1) * SITE_PER_PAGE + i + 1,
    );
    const lastPage = Math.max(1, Math.ceil(total / SITE_PER_PAGE));
    return { reports: ids.map(report), unreadable: 0, serviceTime: null, page, lastPage, perPage: SITE_PER_PAGE, total, from: null, to: null };
  };
  return { asked, listReports };
}

function deps(listReports: SiteReadDeps['listReports'], onChange: () => void = () => undefined) {
  const slept: number[] = [];
  let now = 1_000;
  const d: SiteReadDeps = {
    listReports,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    now: () => now,
    changed: onChange,
  };
  return { d, slept };
}

describe('reading a site', () => {
  it('reads every page, 100 a page, oldest first, two at a time, and ends done with every report counted', async () => {
    const { asked, listReports } = service(350);
    const read = newSiteRead('example.com', 0);
    await readSite(read, deps(listReports).d);
    expect(asked.map((p) => [p.page, p.perPage, p.project, p.sortBy, p.sort])).toEqual([
      // The first look: 25 reports, quick to come, drawn until the first full page is in.
      [1, 25, 'example.com', 'id', 'asc'],
      [1, 100, 'example.com', 'id', 'asc'],
      [2, 100, 'example.com', 'id', 'asc'],
      [3, 100, 'example.com', 'id', 'asc'],
      [4, 100, 'example.com', 'id', 'asc'],
    ]);
    expect(summaryOfRead(read)).toMatchObject({ phase: 'done', reportsRead: 350, reportsTotal: 350 });
    expect(summaryOfRead(read).pages).toHaveLength(7);
  });

  it('waits out a 429 as the service asks, says so meanwhile, then goes on', async () => {
    const { asked, listReports } = service(250, [3]);
    const read = newSiteRead('example.com', 0);
    const waits: (number | null)[] = [];
    const { d, slept } = deps(listReports, () => waits.push(read.state.waitUntil));
    await readSite(read, d);
    expect(slept).toEqual([3000]);
    expect(waits.some((w) => w !== null)).toBe(true);
    // Two pages at a time: page 3 was asked for with page 2, which is asked again after the wait.
    expect(asked.filter((p) => p.perPage === 100).map((p) => p.page)).toEqual([1, 2, 3, 2]);
    expect(summaryOfRead(read)).toMatchObject({ phase: 'done', reportsRead: 250, waitUntil: null });
  });

  it('stops when cancelled, keeping what was read', async () => {
    const { listReports } = service(1000);
    const read = newSiteRead('example.com', 0);
    const { d } = deps(async (p) => {
      const page = await listReports(p);
      if (p?.page === 2) read.controller.abort();
      return page;
    });
    await readSite(read, d);
    expect(summaryOfRead(read)).toMatchObject({ phase: 'cancelled', reportsRead: 200 });
  });

  it('fails in words on any other error, keeping what was read', async () => {
    const read = newSiteRead('example.com', 0);
    await readSite(
      read,
      deps(async () => {
        throw new ApiError({ kind: 'unauthorized', message: 'The key was refused.', status: 401 });
      }).d,
    );
    expect(summaryOfRead(read)).toMatchObject({ phase: 'failed', error: { kind: 'unauthorized', message: 'The key was refused.' } });
  });
});

describe('the summaries kept for the session', () => {
  const summaryOf = (project: string, pages = 1): SiteSummary => ({
    ...summaryOfRead(newSiteRead(project, 0)),
    phase: 'done',
    pages: Array.from({ length: pages }, (_, i) => ({
      url: `${project}/${'x'.repeat(60)}/${i}`,
      id: i + 1,
      score: 50,
      label: 'decent',
      generatedAt: null,
      privacy: 0,
      older: 0,
      failed: ['favicon', 'headings'],
    })),
  });

  beforeEach(() => fakeBrowser.reset());

  it('keeps the sites read last, the newest first, within the bounds', async () => {
    for (let i = 1; i <= SITE_KEPT_LIMIT + 2; i++) await keepSiteSummary(summaryOf(`site${i}.example.com`));
    expect((await siteSummaries.read()).map((s) => s.project)).toEqual(
      Array.from({ length: SITE_KEPT_LIMIT }, (_, i) => `site${SITE_KEPT_LIMIT + 2 - i}.example.com`),
    );
    // Read again, a site moves first and is kept once.
    await keepSiteSummary(summaryOf('site4.example.com'));
    expect((await siteSummaries.read()).map((s) => s.project).slice(0, 2)).toEqual(['site4.example.com', 'site7.example.com']);
  });

  it('never keeps a summary over its size, and drops older ones past the total', async () => {
    const huge = summaryOf('huge.example.com', 20_000);
    expect(JSON.stringify(huge).length).toBeGreaterThan(SITE_ENTRY_MAX_CHARS);
    await keepSiteSummary(summaryOf('small.example.com'));
    await keepSiteSummary(huge);
    expect((await siteSummaries.read()).map((s) => s.project)).toEqual(['small.example.com']);
    const [a, b] = [summaryOf('large-a.example.com', 10_000), summaryOf('large-b.example.com', 10_000)];
    expect(JSON.stringify(a).length).toBeLessThanOrEqual(SITE_ENTRY_MAX_CHARS);
    expect(JSON.stringify(a).length * 2).toBeGreaterThan(SITE_KEPT_MAX_CHARS);
    await keepSiteSummary(a);
    await keepSiteSummary(b);
    expect((await siteSummaries.read()).map((s) => s.project)).toEqual([b.project]);
  });
});
